import { datadirEstimate, optionBytes, rawOutputBytes } from '../../src/run/space-needs.js';
import { parseSuite } from '../../src/suite/parse-suite.js';

const MiB = 2 ** 20;

function suite(extra: string): ReturnType<typeof parseSuite> {
  return parseSuite(
    `name: s\nthreads: [1]\ndurationSeconds: 5\nrepetitions: 3\ntables: 4\ntableSize: 100000\nworkloads:\n  - name: oltp_read_only\n${extra}`,
    's.yml',
  );
}

describe('datadirEstimate', () => {
  it('adds the flavor system files, the redo log its options give and the data, with a margin', () => {
    const plain = suite('');
    const data = 4 * (240 * 100_000 + 100 * 1024);
    const mariadb = datadirEstimate(plain, 'mariadb', {}, { alignedHead: false });
    expect(mariadb.bytes).toBe(Math.ceil((32 * MiB + 96 * MiB + data) * 1.25));
    expect(mariadb.parts).toBe('server files 32.0 MiB, redo log 96.0 MiB, data 91.9 MiB, 25% margin');
    const mysql = datadirEstimate(
      plain,
      'mysql',
      { 'innodb-redo-log-capacity': '1G' },
      { alignedHead: false },
    );
    expect(mysql.bytes).toBe(Math.ceil((100 * MiB + 1024 * MiB + data) * 1.25));
    const old = datadirEstimate(plain, 'mysql', { innodb_log_file_size: '48M' }, { alignedHead: false });
    expect(old.parts).toContain('redo log 96.0 MiB');
  });

  it("reads the bundled suites' loose_ redo options as each flavor takes them", () => {
    const both = { loose_innodb_log_file_size: '512M', 'loose-innodb-redo-log-capacity': '256M' };
    const plain = suite('');
    expect(datadirEstimate(plain, 'mariadb', both, { alignedHead: false }).parts).toContain(
      'redo log 512.0 MiB',
    );
    expect(datadirEstimate(plain, 'mysql', both, { alignedHead: false }).parts).toContain(
      'redo log 256.0 MiB',
    );
  });

  it("reads Percona Server's redo options as MySQL does: the capacity, else the size times the files", () => {
    const plain = suite('');
    const percona = (options: Record<string, string>): string =>
      datadirEstimate(plain, 'percona', options, { alignedHead: false }).parts;
    expect(percona({})).toContain('server files 100.0 MiB, redo log 100.0 MiB');
    expect(percona({ innodb_redo_log_capacity: '2G' })).toContain('redo log 2048.0 MiB');
    expect(percona({ innodb_log_file_size: '48M' })).toContain('redo log 96.0 MiB');
    expect(percona({ innodb_log_file_size: '48M', innodb_log_files_in_group: '3' })).toContain(
      'redo log 144.0 MiB',
    );
  });

  it('counts the copies an aligned head or a restore keeps', () => {
    const one = datadirEstimate(suite(''), 'mariadb', {}, { alignedHead: false }).bytes;
    const aligned = datadirEstimate(suite(''), 'mariadb', {}, { alignedHead: true });
    expect(aligned.bytes).toBeGreaterThanOrEqual(2 * one - 1);
    expect(aligned.parts).toContain('1 copy of it');
    const restoring = suite('    resetData: restore\n');
    const both = datadirEstimate(restoring, 'mariadb', {}, { alignedHead: true });
    expect(both.parts).toContain('2 copies of it');
  });
});

describe('optionBytes and rawOutputBytes', () => {
  it.each([
    ['96M', 96 * MiB],
    ['1g', 2 ** 30],
    ['100663296', 100663296],
    ['large', undefined],
    [undefined, undefined],
  ])('%p is %p bytes', (value, bytes) => {
    expect(optionBytes(value)).toBe(bytes);
  });

  it('gives a callgrind run room for a dump per step', () => {
    const timed = rawOutputBytes(suite(''), 2);
    const counted = rawOutputBytes({ ...suite(''), metric: 'instructions' }, 2);
    // 1 cell × 4 steps (warm-up and 3 repetitions) × 2 sides
    expect(timed).toBe(8 * 64 * 1024 + MiB);
    expect(counted).toBe(8 * (64 * 1024 + 16 * MiB) + MiB);
  });
});
