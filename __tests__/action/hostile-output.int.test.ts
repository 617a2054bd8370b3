// What a hostile pull request's code prints, quoted by the action (the bundle, dist/index.js or
// ACTION_BUNDLE_DIR's, run as the runner runs it): a failing build's first compile error, a
// failing install's `--version` output, sysbench's output when the suite's script fails, a
// server's error log when it does not start, and a server variable in the job summary, the comment
// and the report (__fixtures__/source-trees/hostile-output). The step's output is read as a
// GitHub runner reads it: no control character of the hostile text comes out, and no command of
// it is obeyed, escaped by core in a command of the tool's or printed in a stop-commands block.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import {
  expectQuotedNotObeyed,
  hostileServer,
  hostileSuite,
  hostileTree,
  quickSuite,
} from '../helpers/hostile-output.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { controlCharacters } from '../helpers/workflow-commands.js';

/** The bundle under test: dist/, or a trial bundle (ACTION_BUNDLE_DIR, inside the clone). */
const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');

const needed = ['bwrap', 'mariadbd', 'sysbench', 'cmake', 'ninja'];
const describeIf = needed.every((name) => requireCommand(name)) ? describe : describe.skip;

describeIf('hostile text printed by the action', () => {
  const tmp = useTempDir('hostile-action-');

  /** The action with these inputs; its exit code, stdout (the step's log) and job summary. */
  function runAction(
    inputs: Record<string, string>,
  ): Promise<{ code: number | null; stdout: string; summary: string }> {
    const summaryFile = join(tmp.path, 'step-summary.md');
    writeFileSync(summaryFile, '');
    writeFileSync(join(tmp.path, 'github-output'), '');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GITHUB_OUTPUT: join(tmp.path, 'github-output'),
      GITHUB_STEP_SUMMARY: summaryFile,
      RUNNER_TEMP: join(tmp.path, 'runner-temp'),
    };
    for (const [name, value] of Object.entries({ doctor: 'off', ...inputs })) {
      env[`INPUT_${name.toUpperCase()}`] = value;
    }
    const child = spawn(process.execPath, [join(BUNDLE_DIR, 'index.js')], {
      env,
      cwd: tmp.path,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    return new Promise((done) => {
      child.on('close', (code) => {
        done({ code, stdout, summary: readFileSync(summaryFile, 'utf8') });
      });
    });
  }

  const build = (extra: Record<string, string> = {}) =>
    runAction({
      mode: 'build',
      source: hostileTree(tmp.path),
      compiler: 'gcc',
      'untrusted-side': 'head',
      ccache: 'off',
      'build-dir': 'builds',
      ...extra,
    });

  it('quotes a failing build’s first compile error, in the step’s error and its annotation', async () => {
    const { code, stdout } = await build({ 'cmake-args': '-DHOSTILE_BREAK=ON' });
    expect(code).toBe(1);
    expectQuotedNotObeyed(stdout, [
      "::error::compile error: sql/hostile.c:3: expected ';' HOSTILE-build-message]0;HOSTILE-title\\x07 \\x9b ::error::HOSTILE-build-inline",
    ]);
    expect(stdout).toMatch(
      /^::error file=.*,line=3,col=5::expected ';' HOSTILE-build-message]0;HOSTILE-title\\x07 \\x9b/m,
    );
  }, 120_000);

  it('quotes a failing install’s --version output', async () => {
    const { code, stdout } = await build();
    expect(code).toBe(1);
    expectQuotedNotObeyed(stdout, [
      '--version failed (status 1)',
      // The build's error keeps the check's message on one line.
      ' ::error::HOSTILE-version-error ',
      'progress 10%25\\r::warning::HOSTILE-version-after-cr',
    ]);
  }, 120_000);

  it('quotes sysbench’s output when the suite’s script fails', async () => {
    const { code, stdout } = await runAction({
      server: '/usr/sbin/mariadbd',
      suite: hostileSuite(tmp.path),
      out: 'perf/results.json',
    });
    expect(code).toBe(1);
    expectQuotedNotObeyed(stdout, ['sysbench for prepare', '%0A::add-mask::HOSTILE-sysbench-mask%0A']);
  }, 180_000);

  it('quotes the error log of a server that does not start', async () => {
    const { code, stdout } = await runAction({
      server: hostileServer(tmp.path, 'mariadbd-failing'),
      suite: quickSuite(tmp.path),
      out: 'perf/results.json',
    });
    expect(code).toBe(1);
    expectQuotedNotObeyed(stdout, ['error log', '%0A  ::set-output name=verdict::HOSTILE-server-output%0A']);
  }, 180_000);

  it('shows a server variable it set in the job summary, the comment and the report', async () => {
    const { stdout, summary } = await runAction({
      base: '/usr/sbin/mariadbd',
      head: hostileServer(tmp.path, 'mariadbd-noisy'),
      suite: quickSuite(tmp.path),
      out: 'perf/results.json',
    });
    expect(stdout).toContain('::group::Compare');
    expectQuotedNotObeyed(stdout, []);
    const comment = readFileSync(join(tmp.path, 'perf/report/comment.md'), 'utf8');
    const page = readFileSync(join(tmp.path, 'perf/report/report.html'), 'utf8');
    for (const text of [summary, comment, page]) expect(controlCharacters(text)).toEqual([]);
    expect(summary).toContain('HOSTILE-\\\\x1b\\[31m');
    expect(comment).toContain('HOSTILE-\\\\x1b\\[31m');
    expect(page).toContain('HOSTILE-\\x1b[31m\\r::error::HOSTILE-variable');
  }, 300_000);
});
