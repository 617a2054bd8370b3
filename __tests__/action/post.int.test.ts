// The action's post step as the runner runs it after a cancelled or killed main step: the main
// step (src/index.ts, bundled as dist/index.js) saves its state to the file GITHUB_STATE names;
// the runner hands it to the post step (src/post.ts, dist/post.js) as STATE_<name> variables. The
// main step is SIGKILLed with its server up, which leaves the server running; the post step must
// stop it and remove the work directory. Both run from the sources, as they are now.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { procProcesses } from '../../src/server/registry.js';
import { ENTRIES, killProcessesMentioning, runEntry, serverRecords } from '../cli/killed-run.js';
import { describeWithServer, TINY_SUITE, useTempDir } from '../helpers/real-run.js';

const maybe = describeWithServer();
const temp = useTempDir('gate-post-');

afterEach(() => {
  killProcessesMentioning(temp.path);
});

/** The runner's reading of the state file: `name<<DELIMITER`, the value's lines, `DELIMITER`. */
function stateVariables(file: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const match of readFileSync(file, 'utf8').matchAll(/^(.+?)<<(\S+)\n([\s\S]*?)\n\2$/gm)) {
    variables[`STATE_${match[1] ?? ''}`] = match[3] ?? '';
  }
  return variables;
}

/** The environment without the state directory override: the post step must use the saved one. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.MYSQL_PERF_GATE_STATE_DIR;
  delete env.GITHUB_STATE;
  return env;
}

maybe('the post step', () => {
  it('stops the server a killed main step left, removes its work directory, and never fails', async () => {
    const stateFile = join(temp.path, 'github-state');
    writeFileSync(stateFile, '');
    writeFileSync(join(temp.path, 'github-output'), '');
    const runnerTemp = join(temp.path, 'runner-temp');
    const main = runEntry(
      ENTRIES.action,
      [],
      {
        ...baseEnv(),
        GITHUB_STATE: stateFile,
        GITHUB_OUTPUT: join(temp.path, 'github-output'),
        RUNNER_TEMP: runnerTemp,
        MYSQL_PERF_GATE_STATE_DIR: join(temp.path, 'state'),
        INPUT_SERVER: '/usr/sbin/mariadbd',
        INPUT_SUITE: TINY_SUITE,
        INPUT_OUT: 'perf/results.json',
        // The runner check starts a server of its own first: this test kills the measurement's.
        INPUT_DOCTOR: 'off',
      },
      temp.path,
    );
    await main.waitFor('ready on');
    main.child.kill('SIGKILL');
    expect(await main.exit).toBe('SIGKILL');
    const records = serverRecords(join(temp.path, 'state'));
    expect(records).toHaveLength(1);
    const [record] = records as [(typeof records)[number]];
    const { pid } = record.server;
    expect(procProcesses.startTime(pid)).toBeDefined(); // left running
    expect(readdirSync(runnerTemp)).toHaveLength(1); // the run's work directory

    const state = stateVariables(stateFile);
    expect(Object.keys(state).sort()).toEqual(['STATE_owner_pid', 'STATE_owner_start', 'STATE_registry_dir']);
    const post = runEntry(ENTRIES.post, [], { ...baseEnv(), ...state }, temp.path);
    expect(await post.exit).toBe(0);
    expect(post.output()).toContain(
      `stopped an orphaned mariadbd (pid ${pid}, datadir ${record.server.datadir}) left by run pid ${main.child.pid ?? '?'}, which is gone\n`,
    );
    expect(post.output()).not.toContain('::warning::');
    expect(procProcesses.startTime(pid)).toBeUndefined();
    expect(readdirSync(runnerTemp)).toEqual([]);
    expect(serverRecords(join(temp.path, 'state'))).toEqual([]);

    // Run again (nothing left), and without any state (the main step started no run): one line each.
    const again = runEntry(ENTRIES.post, [], { ...baseEnv(), ...state }, temp.path);
    expect(await again.exit).toBe(0);
    expect(again.output()).toBe(
      `nothing to clean up: the main step (pid ${main.child.pid ?? '?'}) left no server or work directory\n`,
    );
    const none = runEntry(ENTRIES.post, [], baseEnv(), temp.path);
    expect(await none.exit).toBe(0);
    expect(none.output()).toBe('nothing to clean up: the main step started no run\n');
  });

  it('cleans up after a main step killed during the runner check: its server and its results directory', async () => {
    const stateFile = join(temp.path, 'github-state');
    writeFileSync(stateFile, '');
    writeFileSync(join(temp.path, 'github-output'), '');
    const runnerTemp = join(temp.path, 'runner-temp');
    const main = runEntry(
      ENTRIES.action,
      [],
      {
        ...baseEnv(),
        GITHUB_STATE: stateFile,
        GITHUB_OUTPUT: join(temp.path, 'github-output'),
        RUNNER_TEMP: runnerTemp,
        MYSQL_PERF_GATE_STATE_DIR: join(temp.path, 'state'),
        INPUT_SERVER: '/usr/sbin/mariadbd',
        INPUT_SUITE: TINY_SUITE,
        INPUT_OUT: 'perf/results.json',
      },
      temp.path,
    );
    await main.waitFor('[cell 1/1]'); // the noise measurement's one cell, server up
    main.child.kill('SIGKILL');
    expect(await main.exit).toBe('SIGKILL');
    const [record] = serverRecords(join(temp.path, 'state'));
    expect(record).toBeDefined();
    // The run's work directory and the check's results directory, both in the runner's temp.
    const left = readdirSync(runnerTemp);
    expect(left).toHaveLength(2);
    expect(left.filter((name) => name.startsWith('mysql-perf-gate-doctor-'))).toHaveLength(1);
    const post = runEntry(ENTRIES.post, [], { ...baseEnv(), ...stateVariables(stateFile) }, temp.path);
    expect(await post.exit).toBe(0);
    expect(post.output()).toMatch(/stopped an orphaned mariadbd \(pid \d+, datadir [^)]+\)/);
    expect(post.output()).not.toContain('::warning::');
    expect(procProcesses.startTime(record?.server.pid ?? 0)).toBeUndefined();
    expect(readdirSync(runnerTemp)).toEqual([]);
  });

  it('warns, and still passes, when it cannot clean up', async () => {
    const records = join(temp.path, 'state', 'servers');
    mkdirSync(records, { recursive: true });
    writeFileSync(join(records, '4242-4243.json'), 'not json');
    const post = runEntry(
      ENTRIES.post,
      [],
      {
        ...baseEnv(),
        STATE_registry_dir: join(temp.path, 'state'),
        STATE_owner_pid: '4242',
        STATE_owner_start: '1',
      },
      temp.path,
    );
    expect(await post.exit).toBe(0);
    expect(post.output()).toMatch(/^::warning::removed the unreadable record .*4242-4243\.json: /m);
  });
});
