// What the check before a run refuses of operational cells, in one line: a MySQL or Percona Server
// older than the settings and statements its flavor runs them with, and --align-settings, whose
// aligned head restarts the head's server on its own datadir while the cells copy one per side.
import { describe, expect, it } from '@jest/globals';

import { InputError } from '../../src/errors.js';
import { checkAlignedHead, checkOperationServers } from '../../src/run/preflight.js';
import type { RunConfig } from '../../src/run/run-config.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { thrownBy } from '../helpers/errors.js';

const side = (name: 'base' | 'head') => ({
  name,
  server: `/opt/${name}/bin/mysqld`,
  options: {},
  labels: { server: `--${name}`, options: `--${name}-set` },
});

const operations = loadSuite('operations');
const quick = loadSuite('quick');

function config(suite = operations, more: Partial<RunConfig> = {}): RunConfig {
  return {
    suite,
    sides: [side('base'), side('head')],
    names: { shard: '--shard', base: '--base', head: '--head' },
    ...more,
  } as unknown as RunConfig;
}

describe('checkOperationServers', () => {
  const mysql = (version: string) => ({ flavor: 'mysql' as const, version });

  it('refuses a MySQL before 8.0.30 for operational cells, naming the side, the version and why', () => {
    const message = thrownBy(InputError, () => {
      checkOperationServers(config(), [mysql('8.0.30'), mysql('8.0.29')]);
    }).message;
    expect(message).toBe(
      '--head /opt/head/bin/mysqld: MySQL 8.0.29 cannot run operational cells: they need MySQL 8.0.30 or newer ' +
        '(innodb_redo_log_capacity from 8.0.30, skip_replica_start from 8.0.26, SHOW REPLICA STATUS from 8.0.22); ' +
        'suite operations has them (workload recovery)',
    );
    expect(message).not.toContain('\n');
  });

  it('refuses a Percona Server of an older upstream version, its release aside', () => {
    expect(() => {
      checkOperationServers(config(), [{ flavor: 'percona', version: '8.0.28-19' }, mysql('8.4.3')]);
    }).toThrow(/^--base \/opt\/base\/bin\/mysqld: Percona Server 8\.0\.28-19 cannot run operational cells/);
  });

  it('lets a newer MySQL, any MariaDB, and an old MySQL without operational cells run', () => {
    expect(() => {
      checkOperationServers(config(), [mysql('8.0.30'), { flavor: 'percona', version: '8.4.2-2' }]);
      checkOperationServers(config(), [mysql('9.7.0'), { flavor: 'mariadb', version: '10.4.34' }]);
      checkOperationServers(config(quick), [mysql('5.7.44'), mysql('8.0.21')]);
    }).not.toThrow();
  });
});

describe('checkAlignedHead', () => {
  const aligned = { alignSettings: { label: '--align-settings' } };

  it('refuses operational cells with --align-settings, naming both', () => {
    expect(
      thrownBy(InputError, () => {
        checkAlignedHead(config(operations, aligned));
      }).message,
    ).toMatch(
      /^--align-settings: not with operational cells \(workload recovery of suite operations, a recovery\): .*measure them in a run without --align-settings$/,
    );
  });

  it('lets a suite without them align its head', () => {
    expect(() => {
      checkAlignedHead(config(quick, aligned));
    }).not.toThrow();
  });
});
