// The aligned head tried once before measuring: an option the head refuses at start is taken out
// and named; a failure that names none of them ends the run.
import { planAlignedHead } from '../../src/run/aligned-head.js';
import { trialAlignedHead } from '../../src/run/aligned-trial.js';
import type { StartedSide } from '../../src/run/sides.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const suite = parseSuite(
  'name: t\nthreads: [1]\ndurationSeconds: 1\nrepetitions: 2\ntables: 1\ntableSize: 10\nworkloads: [{ name: oltp_point_select }]\n',
  'test',
);

function side(
  name: 'base' | 'head',
  variables: Record<string, string>,
  refuse: (options: Record<string, string>) => string | undefined,
) {
  const starts: Record<string, string>[] = [];
  let options: Record<string, string> = {};
  const server = {
    stop: () => Promise.resolve(),
    useOptions: (next: Record<string, string>) => {
      options = { ...next };
    },
    start: () => {
      starts.push(options);
      const refusal = refuse(options);
      return refusal === undefined ? Promise.resolve() : Promise.reject(new Error(refusal));
    },
  };
  const started = {
    name,
    server,
    options: {},
    startedUnder: '',
    facts: { flavor: 'mysql', version: '9.7.2', variables },
  } as unknown as StartedSide;
  return { started, starts };
}

const BASE = { log_bin: 'OFF', sync_binlog: '0', character_set_server: 'latin1', performance_schema: 'OFF' };
const HEAD = { log_bin: 'ON', sync_binlog: '1', character_set_server: 'utf8mb4', performance_schema: 'ON' };

describe('trialAlignedHead', () => {
  it('takes out an option the head refuses at start, names it, and keeps the rest', async () => {
    const base = side('base', BASE, () => undefined);
    const head = side('head', HEAD, (options) =>
      options.character_set_server === 'latin1'
        ? "server mysqld exited with status 1 while starting; last lines:\n2026-11-27T07:29:45Z 0 [ERROR] [MY-000067] [Server] unknown variable 'character_set_server=latin1'.\n[ERROR] Aborting"
        : undefined,
    );
    const lines: string[] = [];
    const logger = recordingLogger(() => lines);
    const plan = planAlignedHead(suite, [base.started, head.started]);
    const tried = await trialAlignedHead(head.started, plan, '--align-settings', logger);
    expect(tried.record.options).toEqual({ skip_log_bin: 'ON', sync_binlog: '0', performance_schema: 'OFF' });
    expect(tried.record.skipped).toContainEqual({
      setting: 'character_set_server',
      why: `the head refused it at start ("2026-11-27T07:29:45Z 0 [ERROR] [MY-000067] [Server] unknown variable 'character_set_server=latin1'.")`,
    });
    expect(lines.join('\n')).toContain('the head refused character_set_server at start');
    // Tried twice as the aligned head, each time started as itself again afterwards.
    // Tried as the aligned head (refused), itself again, aligned without it, itself again.
    expect(head.starts.map((options) => options.character_set_server ?? 'own')).toEqual([
      'latin1',
      'own',
      'own',
      'own',
    ]);
    expect(head.starts.map((options) => options.sync_binlog ?? 'own')).toEqual(['0', 'own', '0', 'own']);
  });

  it('ends the run in one line when the failure names no aligned option', async () => {
    const base = side('base', BASE, () => undefined);
    const head = side('head', HEAD, (options) =>
      options.sync_binlog === '0'
        ? 'server mysqld exited with status 1 while starting: out of memory'
        : undefined,
    );
    const plan = planAlignedHead(suite, [base.started, head.started]);
    await expect(
      trialAlignedHead(
        head.started,
        plan,
        '--align-settings',
        recordingLogger(() => []),
      ),
    ).rejects.toThrow(
      /--align-settings: the head would not start with the base's settings \(skip_log_bin=ON sync_binlog=0 .*\): server mysqld exited with status 1 while starting: out of memory/,
    );
    // Started as itself again before the error.
    expect(head.starts.at(-1)?.sync_binlog).toBeUndefined();
  });
});
