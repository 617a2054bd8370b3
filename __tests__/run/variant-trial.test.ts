// Which variants a side's server is started under before anything is measured.
import { variantsToTry } from '../../src/run/variant-trial.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { variantLabel } from '../../src/suite/variants.js';

function suite(variants: string): ReturnType<typeof parseSuite> {
  return parseSuite(
    `name: t\nthreads: [1]\ndurationSeconds: 1\nrepetitions: 2\ntables: 1\ntableSize: 10\n${variants}workloads: [{ name: oltp_point_select }]\n`,
    'test',
  );
}

describe('variantsToTry', () => {
  it('tries every variant but the one the server starts under', () => {
    const { started, tried } = variantsToTry(
      suite('variants:\n  innodb_thread_concurrency: [0, 8, 1000]\n'),
      {},
    );
    expect(started.map(variantLabel)).toEqual(['innodb_thread_concurrency=0']);
    expect(tried.map((group) => group.map(variantLabel))).toEqual([
      ['innodb_thread_concurrency=8'],
      ['innodb_thread_concurrency=1000'],
    ]);
  });

  it('restarts nothing for a value that changes only how sysbench connects', () => {
    const { started, tried } = variantsToTry(
      suite('variants:\n  connection: [socket, tcp]\n  innodb_adaptive_hash_index: ["OFF", "ON"]\n'),
      {},
    );
    expect(started.map(variantLabel)).toEqual([
      'connection=socket,innodb_adaptive_hash_index=OFF',
      'connection=tcp,innodb_adaptive_hash_index=OFF',
    ]);
    // One start for both labels of ON: the server runs the same options under them.
    expect(tried.map((group) => group.map(variantLabel))).toEqual([
      ['connection=socket,innodb_adaptive_hash_index=ON', 'connection=tcp,innodb_adaptive_hash_index=ON'],
    ]);
  });

  it('tries nothing without variants, or where every variant runs the same options', () => {
    expect(variantsToTry(suite(''), {}).tried).toEqual([]);
    expect(variantsToTry(suite('variants:\n  connection: [socket, tcp]\n'), {}).tried).toEqual([]);
  });
});
