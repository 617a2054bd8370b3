// The settings a comparison across variants differs by, from the server's record of each variant.
import { variantSettings } from '../../src/compare/variant-settings.js';
import type { Results } from '../../src/results/results-schema.js';
import { parseSuite } from '../../src/suite/parse-suite.js';

const suite = parseSuite(
  `
name: d
threads: [1]
durationSeconds: 2
repetitions: 2
tables: 1
tableSize: 10
variants:
  durability:
    default: {}
    durable: {sync_binlog: 1, log_bin: mysql-bin}
  innodb_thread_concurrency: [0, 8]
  connection: [socket, tcp]
workloads: [{ name: oltp_point_select }]
`,
  'test',
);

const MARIADB_DEFAULT = { sync_binlog: '0', log_bin: 'OFF', innodb_thread_concurrency: '0' };
const DURABLE = { sync_binlog: '1', log_bin: 'ON', innodb_thread_concurrency: '0' };

function results(variants: Record<string, Record<string, string>>): Pick<Results, 'suite' | 'sides'> {
  return { suite, sides: { head: { variants } as never } };
}

describe('variantSettings', () => {
  it("names what the other value ran with otherwise, the compared-against value's as the base", () => {
    const run = results({
      'durability=default,innodb_thread_concurrency=0,connection=socket': MARIADB_DEFAULT,
      'durability=durable,innodb_thread_concurrency=0,connection=socket': DURABLE,
      'durability=default,innodb_thread_concurrency=8,connection=socket': {
        ...MARIADB_DEFAULT,
        innodb_thread_concurrency: '8',
      },
      'durability=durable,innodb_thread_concurrency=8,connection=socket': {
        ...DURABLE,
        innodb_thread_concurrency: '8',
      },
    });
    expect(variantSettings(run, { dimension: 'durability', value: 'default' })).toEqual({
      differences: [
        { name: 'log_bin', base: 'OFF', head: 'ON' },
        { name: 'sync_binlog', base: '0', head: '1' },
      ],
      warnings: [],
    });
    // The other way round: the defaults are what differs.
    expect(variantSettings(run, { dimension: 'durability', value: 'durable' }).differences).toEqual([
      { name: 'log_bin', base: 'ON', head: 'OFF' },
      { name: 'sync_binlog', base: '1', head: '0' },
    ]);
    expect(variantSettings(run, { dimension: 'innodb_thread_concurrency', value: '0' }).differences).toEqual([
      { name: 'innodb_thread_concurrency', base: '0', head: '8' },
    ]);
  });

  it('says when a variant set nothing the server did not already have (MySQL 8 is durable by default)', () => {
    const mysql = { sync_binlog: '1', log_bin: 'ON', innodb_thread_concurrency: '0' };
    const run = results({
      'durability=default,innodb_thread_concurrency=0,connection=socket': mysql,
      'durability=durable,innodb_thread_concurrency=0,connection=socket': mysql,
    });
    const settings = variantSettings(run, { dimension: 'durability', value: 'default' });
    expect(settings.differences).toEqual([]);
    expect(settings.warnings).toEqual([
      'durability=durable ran with the settings durability=default had on this server (innodb_thread_concurrency=0, ' +
        'log_bin=ON, sync_binlog=1): its cells measure the same configuration twice, so a difference there is noise, not the setting',
    ]);
  });

  it('warns of nothing for a dimension that sets no server option (socket against TCP)', () => {
    const run = results({
      'durability=default,innodb_thread_concurrency=0,connection=socket': MARIADB_DEFAULT,
      'durability=default,innodb_thread_concurrency=0,connection=tcp': MARIADB_DEFAULT,
    });
    expect(variantSettings(run, { dimension: 'connection', value: 'socket' })).toEqual({
      differences: [],
      warnings: [],
    });
  });

  it('says which value each difference is of when there are several', () => {
    const three = parseSuite(
      `
name: b
threads: [1]
durationSeconds: 2
repetitions: 2
tables: 1
tableSize: 10
variants:
  binlog:
    off: {}
    sync0: {log_bin: mysql-bin, sync_binlog: 0}
    sync1: {log_bin: mysql-bin, sync_binlog: 1}
workloads: [{ name: oltp_read_write }]
`,
      'test',
    );
    const run = {
      suite: three,
      sides: {
        head: {
          variants: {
            'binlog=off': { log_bin: 'OFF', sync_binlog: '0' },
            'binlog=sync0': { log_bin: 'ON', sync_binlog: '0' },
            'binlog=sync1': { log_bin: 'ON', sync_binlog: '1' },
          },
        } as never,
      },
    };
    expect(variantSettings(run, { dimension: 'binlog', value: 'off' }).differences).toEqual([
      { name: 'log_bin', base: 'OFF', head: 'ON (binlog=sync0)' },
      { name: 'log_bin', base: 'OFF', head: 'ON (binlog=sync1)' },
      { name: 'sync_binlog', base: '0', head: '1 (binlog=sync1)' },
    ]);
  });

  it('shows, from results that kept only each variant’s own options, what the variant set', () => {
    const run = results({
      'durability=default,innodb_thread_concurrency=0,connection=socket': { innodb_thread_concurrency: '0' },
      'durability=durable,innodb_thread_concurrency=0,connection=socket': DURABLE,
    });
    expect(variantSettings(run, { dimension: 'durability', value: 'default' })).toEqual({
      differences: [
        { name: 'log_bin', base: null, head: 'ON' },
        { name: 'sync_binlog', base: null, head: '1' },
      ],
      warnings: [],
    });
  });
});
