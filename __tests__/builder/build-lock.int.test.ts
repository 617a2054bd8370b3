// Builds beside measurements on one machine (docs/runners.md): by default a build takes the machine
// lock, so it waits for another run's measurement and a measurement waits for it; with
// --build-while-measuring low-priority it builds at once, its tools and compilers at nice 19 and
// in the idle I/O class. Real cmake, ninja and gcc on the stand-in tree, a compiler wrapper that
// records the priority it was started with, and a holder of the lock in another process.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { acquireMachineLock, LOCK_FILE_NAME } from '../../src/shell/machine-lock.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { requireCommand } from '../helpers/requirements.js';

const FAKE = join(ROOT, '__fixtures__/source-trees/fake-mariadb');
const ready = ['cmake', 'ninja', 'gcc', 'flock', 'ionice', 'nice'].every((tool) => requireCommand(tool));
const maybe = ready ? describe : describe.skip;

const temp = useTempDir('gate-build-lock-');
const stderr = captureStderr();
const children: ChildProcess[] = [];

beforeEach(() => {
  process.env.MYSQL_PERF_GATE_STATE_DIR = join(temp.path);
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** util-linux's flock holding the machine lock in a process of its own: another run measuring. */
async function measuringElsewhere(): Promise<void> {
  const lock = join(temp.path, LOCK_FILE_NAME);
  const child = spawn('flock', ['--no-fork', lock, 'sh', '-c', 'echo locked; exec sleep 120'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await until(() => out.includes('locked'), 'the other run to take the lock');
}

/**
 * gcc and g++ wrappers that record, for each compilation, the nice value and I/O class they run
 * with, and with `hold` wait at the first one until the test lets them go.
 */
function wrappedGcc(hold: boolean): { compiler: string; log: string; compiling: string; go: string } {
  const dir = temp.path;
  const log = join(dir, 'priority.log');
  const compiling = join(dir, 'compiling');
  const go = join(dir, 'go');
  for (const [name, real] of [
    ['gcc', '/usr/bin/gcc'],
    ['g++', '/usr/bin/g++'],
  ] as const) {
    const wait = hold ? `touch '${compiling}'; while [ ! -e '${go}' ]; do sleep 0.1; done` : ':';
    const script = [
      '#!/bin/sh',
      `case " $* " in *" -c "*) echo "nice $(nice) io $(ionice -p $$)" >>'${log}'; ${wait} ;; esac`,
      `exec ${real} "$@"`,
    ].join('\n');
    writeFileSync(join(dir, name), `${script}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  return { compiler: join(dir, 'gcc'), log, compiling, go };
}

function buildArgs(compiler: string, prefix: string, ...extra: string[]): string[] {
  return ['build', '--source', FAKE, '--compiler', compiler, '--prefix', prefix, '--ccache', 'off', ...extra];
}

maybe('builds and the machine lock', () => {
  it('a build waits for another run measuring, and gives up after --lock-timeout naming it', async () => {
    await measuringElsewhere();
    const prefix = join(temp.path, 'server');
    expect(await cli(...buildArgs('gcc', prefix, '--lock-timeout', '1s'))).toBe(2);
    expect(stderr.text).toContain('gave up waiting for the machine after 1s (--lock-timeout)');
    expect(existsSync(prefix)).toBe(false);
    expect(existsSync(`${prefix}.build`)).toBe(false); // nothing configured, nothing compiled
  });

  it('a measurement waits for a build: the lock names the build while it compiles', async () => {
    const gcc = wrappedGcc(true);
    const prefix = join(temp.path, 'server');
    const building = cli(...buildArgs(gcc.compiler, prefix));
    await until(() => existsSync(gcc.compiling), 'the build to compile');
    const scope = new CleanupScope();
    const measuring = acquireMachineLock(
      { suite: 'quick', timeoutMs: 0, timeoutLabel: '--lock-timeout' },
      recordingLogger(() => []),
      scope,
    );
    await expect(measuring).rejects.toThrow(
      /the machine is busy and --lock-timeout 0 does not wait: the run of pid \d+ \(building fake-mariadb with .*gcc, by /,
    );
    await scope.release();
    writeFileSync(gcc.go, '');
    expect(await building).toBe(0);
    expect(readFileSync(gcc.log, 'utf8')).toMatch(/^nice 0 /);
  });

  it('--build-while-measuring low-priority builds beside a measurement, at nice 19 and idle I/O', async () => {
    await measuringElsewhere();
    const gcc = wrappedGcc(false);
    const prefix = join(temp.path, 'server');
    expect(await cli(...buildArgs(gcc.compiler, prefix, '--build-while-measuring', 'low-priority'))).toBe(0);
    expect(existsSync(join(prefix, 'bin/mariadbd'))).toBe(true);
    const lines = readFileSync(gcc.log, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toBe('nice 19 io idle');
  });
});
