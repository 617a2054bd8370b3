// scripts/quickstart.sh end to end, in a scratch checkout (the script, dist/ and node_modules/ of
// this one): a real A/B run of the distribution's mariadbd against itself with performance_schema=ON
// on the head, under callgrind, then compare. The installation it starts with is stood in for by a
// script that records its call (the tests' machine has everything; a real one would reach for apt).
// Extra arguments pass through to `run`: the miniature instruction suite and a work directory here.
// And Ctrl-C, sent to the whole process group as a terminal sends it, leaves nothing running.
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { Verdict } from '../../src/compare/verdict-schema.js';
import { killProcessesMentioning, processesMentioning } from '../helpers/leftovers.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench') && requireCommand('valgrind');
const maybe = ready ? describe : describe.skip;
const SUITE = join(ROOT, '__fixtures__/suites/tiny-instructions.yml');
const TIMEOUT_MS = 600_000;

const temp = useTempDir('gate-quickstart-');
afterEach(() => {
  killProcessesMentioning(temp.path);
});

/** A checkout with the real quick start, this checkout's bundle and packages, and a stand-in installer. */
function scratchCheckout(): { dir: string; installed: string; work: string } {
  const dir = join(temp.path, 'checkout');
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  copyFileSync(join(ROOT, 'scripts/quickstart.sh'), join(dir, 'scripts/quickstart.sh'));
  const installed = join(temp.path, 'installed');
  writeFileSync(join(dir, 'scripts/install-deps.sh'), `#!/bin/sh\necho "$PWD" > '${installed}'\n`, {
    mode: 0o755,
  });
  symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return { dir, installed, work: join(temp.path, 'work') };
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the quick start in its own process group; `onStderr` sees the progress as it comes. */
function quickstart(
  dir: string,
  work: string,
  onStderr?: (text: string, group: number) => void,
): Promise<Finished> {
  // detached: a process group of its own, which a terminal's Ctrl-C reaches as a whole.
  const child = spawn(join(dir, 'scripts/quickstart.sh'), ['--suite', SUITE, '--work-dir', work], {
    cwd: temp.path,
    env: { ...process.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const finished: Finished = { code: null, stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (finished.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    finished.stderr += chunk;
    if (child.pid !== undefined) onStderr?.(finished.stderr, child.pid);
  });
  return new Promise((resolve) =>
    child.on('close', (code) => {
      finished.code = code;
      resolve(finished);
    }),
  );
}

maybe('scripts/quickstart.sh', () => {
  it(
    'installs, runs the A/B, and ends with the verdict and the absolute path of report.html',
    async () => {
      const { dir, installed, work } = scratchCheckout();
      const result = await quickstart(dir, work);
      expect({ code: result.code, log: result.code === 0 ? '' : result.stderr }).toEqual({
        code: 0,
        log: '',
      });
      // The installer runs first, from the checkout, whatever the caller's directory.
      expect(readFileSync(installed, 'utf8').trim()).toBe(dir);

      const out = join(dir, 'quickstart');
      const report = join(out, 'report/report.html');
      const ending = result.stdout.trimEnd().split('\n').slice(-2);
      expect(ending[0]).toMatch(
        /^verdict: FAIL — \d+ regression\(s\), .*\(suite tiny-instructions; base: the base side of \/\S+\/quickstart\/results\.json\)$/,
      );
      expect(ending[1]).toBe(`report: ${report}`);
      // run names what judges its A/B results; compare's summary ends with what would reproduce it.
      expect(result.stderr).toContain(
        `next: mysql-perf-gate compare ${join(out, 'results.json')} (the verdict`,
      );
      expect(readFileSync(join(out, 'compare.txt'), 'utf8')).toMatch(
        /^Reproduce \(where both servers are at these paths\):\n {2}mysql-perf-gate run --base \S+ --head \S+ --suite \S+ --head-set performance_schema=ON/m,
      );
      expect(readFileSync(report, 'utf8')).toMatch(/^<!doctype html>/i);

      const verdict = Verdict.parse(JSON.parse(readFileSync(join(out, 'report/verdict.json'), 'utf8')));
      const pointSelect = verdict.cells.find(
        (cell) => cell.workload === 'oltp_point_select' && cell.metric === 'instructions',
      );
      expect(pointSelect?.verdict).toBe('regression');
      expect(verdict.configDiff).toContainEqual(
        expect.objectContaining({ name: 'performance_schema', base: 'OFF', head: 'ON' }),
      );
      expect(readdirSync(out).sort()).toEqual(['compare.txt', 'report', 'results.json', 'results.raw']);
      // The work directory passed through to run: emptied, nothing of it running.
      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'stops on Ctrl-C with status 130, its servers stopped and no verdict',
    async () => {
      const { dir, work } = scratchCheckout();
      let sent = false;
      const result = await quickstart(dir, work, (stderr, group) => {
        if (sent || !stderr.includes('repetition 1/2')) return;
        sent = true;
        process.kill(-group, 'SIGINT');
      });
      expect({ code: result.code, log: result.code === 130 ? '' : result.stderr }).toEqual({
        code: 130,
        log: '',
      });
      expect(result.stderr).toContain('interrupted by SIGINT');
      expect(result.stdout).not.toMatch(/^verdict: /m);
      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);
      expect(existsSync(join(dir, 'quickstart/results.json'))).toBe(false);
    },
    TIMEOUT_MS,
  );
});
