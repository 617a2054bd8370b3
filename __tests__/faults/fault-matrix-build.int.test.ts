// The fault matrix, the build's stages: its checks, configure and compile of a stand-in tree
// (__fixtures__/source-trees/fake-mariadb) with real cmake, ninja and gcc, meeting a full build
// directory, a cancelled job and a prefix that cannot be written.
import { jest } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { processesMentioning } from '../helpers/leftovers.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import type { WatchedChild } from '../helpers/watched-child.js';
import {
  canMount,
  errorLine,
  expectOneLine,
  fillUp,
  matrixTable,
  readOnlyDir,
  startCli,
  tmpfs,
  waitForProcess,
} from './matrix.js';

const FAKE = join(ROOT, '__fixtures__/source-trees/fake-mariadb');
const ready = ['cmake', 'ninja', 'gcc'].every((tool) => requireCommand(tool)) && canMount();
const maybe = ready ? describe : describe.skip;
const temp = useTempDir('fault-build-');
const table = matrixTable('fault matrix (the build)');

interface BuildFault {
  readonly stage: string;
  readonly fault: string;
  readonly slow?: boolean;
  readonly before?: (dirs: { build: string; prefix: string }) => () => void;
  readonly trigger?: (run: WatchedChild) => Promise<void>;
  readonly status: number;
  readonly line: RegExp;
}

/** Marks this file's one-minute step, so that a build of another test running beside it is not counted. */
const SLOW_MARK = `0.000${process.pid}${Date.now() % 1_000_000}`;

function buildArgs(build: string, prefix: string, slow: boolean): string[] {
  return [
    'build',
    '--source',
    FAKE,
    '--compiler',
    'gcc',
    '--prefix',
    prefix,
    '--build-dir',
    build,
    '--ccache',
    'off',
    ...(slow ? ['--cmake-arg=-DFAKE_SLOW=ON', `--cmake-arg=-DFAKE_SLOW_MARK=${SLOW_MARK}`] : []),
  ];
}

maybe('the fault matrix: the build', () => {
  jest.setTimeout(180_000);

  it.each<BuildFault>([
    {
      stage: 'configure',
      fault: 'disk full (build directory)',
      before: ({ build }) => {
        const unmount = tmpfs(build, 4);
        fillUp(build);
        return unmount;
      },
      status: 2,
      line: /^mysql-perf-gate: not enough free space: .* \(--build-dir\) has 0\.0 MiB free, and the run needs about [\d.]+ MiB there: the build /,
    },
    {
      stage: 'compile',
      fault: 'SIGTERM',
      slow: true,
      trigger: async (run) => {
        await run.waitFor('build…');
        // Once ninja has started the one-minute step (its marked sleep), not after a guessed pause.
        await waitForProcess(run, ['sleep 60', SLOW_MARK]);
        run.child.kill('SIGTERM');
      },
      status: 143,
      line: /^mysql-perf-gate: interrupted by SIGTERM/,
    },
    {
      // Found by the checks before the wait for the machine lock, not at the install an hour on.
      stage: 'checks',
      fault: 'unwritable output (read-only prefix)',
      before: ({ prefix }) => readOnlyDir(join(prefix, '..')),
      status: 2,
      line: /^mysql-perf-gate: --prefix .*\/out\/prefix: cannot be written \(EROFS: read-only file system\); choose another --prefix$/,
    },
  ])('$stage × $fault', async (fault) => {
    const build = join(temp.path, 'build');
    const prefix = join(temp.path, 'out', 'prefix');
    const undo = fault.before?.({ build, prefix });
    const startMs = performance.now();
    let output = '';
    try {
      const run = startCli(buildArgs(build, prefix, fault.slow === true));
      await fault.trigger?.(run);
      const status = await run.exit;
      output = run.output();
      expectOneLine(output, status, { status: fault.status, line: fault.line });
      // Nothing left running (the one-minute step's `cmake -E sleep 60` included), no prefix that
      // looks installed.
      expect(processesMentioning(build)).toEqual([]);
      expect(processesMentioning(`sleep 60 ${SLOW_MARK}`)).toEqual([]);
      expect(existsSync(join(prefix, 'build.json'))).toBe(false);
    } finally {
      undo?.();
    }
    const seconds = (performance.now() - startMs) / 1000;
    // Again, on a writable disk (without the one-minute step, which only made room for the fault).
    const retry = startCli(buildArgs(build, prefix, false));
    const retried = await retry.exit;
    expect({ retried, output: retried === 0 ? '' : retry.output() }).toEqual({ retried: 0, output: '' });
    expect(existsSync(join(prefix, 'build.json'))).toBe(true);
    // The one-minute step's variables are not given again: CMake would keep them, the tool does not.
    if (fault.slow === true) {
      expect(retry.output()).toMatch(
        /configured with CMake variables this build does not set \(FAKE_SLOW, FAKE_SLOW_MARK\); configuring it afresh/,
      );
    }
    table.record({
      stage: fault.stage,
      fault: fault.fault,
      end: `exit ${fault.status}: ${errorLine(output)
        .replace(/^mysql-perf-gate: /, '')
        .slice(0, 110)}`,
      seconds,
    });
  });
});
