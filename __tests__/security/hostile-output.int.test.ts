// What a hostile pull request's code prints, quoted by the command line: a failing build's first
// compile error, a failing install's `--version` output, sysbench's output when the suite's script
// fails, a server's error log when it does not start, and a server variable in the comment and
// the report. Each holds escape sequences, a bare carriage return and workflow commands at line
// starts (__fixtures__/source-trees/hostile-output). A workflow's `run:` step prints the CLI's
// output into the step's log, so it is read as a GitHub runner reads it: no control character of
// the hostile text comes out, and no command of it is obeyed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import {
  expectQuotedNotObeyed,
  hostileServer,
  hostileSuite,
  hostileTree,
  quickSuite,
} from '../helpers/hostile-output.js';
import { useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { runSourceCli } from '../helpers/source-cli.js';
import { controlCharacters } from '../helpers/workflow-commands.js';

const needed = ['bwrap', 'mariadbd', 'sysbench', 'cmake', 'ninja'];
const describeIf = needed.every((name) => requireCommand(name)) ? describe : describe.skip;

describeIf('hostile text printed by the command line', () => {
  const tmp = useTempDir('hostile-output-');

  function build(tree: string, ...args: string[]) {
    return runSourceCli([
      'build',
      '--source',
      tree,
      '--compiler',
      'gcc',
      '--prefix',
      join(tmp.path, 'prefix'),
      '--untrusted',
      '--ccache',
      'off',
      ...args,
    ]);
  }

  it('quotes a failing build’s first compile error', async () => {
    const { code, output } = await build(hostileTree(tmp.path), '--cmake-arg', '-DHOSTILE_BREAK=ON');
    expect(code).toBe(2);
    // Ninja, printing to a pipe, drops the ESC of every escape sequence (and the whole of a CSI);
    // what is left of the OSC and its BEL are shown.
    expectQuotedNotObeyed(output, [
      "compile error: sql/hostile.c:3: expected ';' HOSTILE-build-message]0;HOSTILE-title\\x07 \\x9b ::error::HOSTILE-build-inline",
    ]);
  }, 120_000);

  it('quotes a failing install’s --version output', async () => {
    const { code, output } = await build(hostileTree(tmp.path));
    expect(code).toBe(2);
    expectQuotedNotObeyed(output, [
      '--version failed (status 1)',
      '::error::HOSTILE-version-error',
      'progress 10%\\r::warning::HOSTILE-version-after-cr',
      'bell\\x07 del\\x7f nul\\x00 c1\\x9b0m csi\\x1b[2J\\x1b[H end of HOSTILE-version',
    ]);
  }, 120_000);

  it('quotes sysbench’s output when the suite’s script fails', async () => {
    const { code, output } = await runSourceCli([
      'run',
      '--server',
      '/usr/sbin/mariadbd',
      '--suite',
      hostileSuite(tmp.path),
      '--out',
      join(tmp.path, 'results.json'),
    ]);
    expect(code).toBe(2);
    expectQuotedNotObeyed(output, [
      'sysbench for prepare',
      '::add-mask::HOSTILE-sysbench-mask',
      '\\x1b[31m::error::HOSTILE-sysbench-stderr\\r::add-mask::HOSTILE-sysbench-cr',
    ]);
  }, 180_000);

  it('quotes the error log of a server that does not start', async () => {
    const { code, output } = await runSourceCli([
      'run',
      '--server',
      hostileServer(tmp.path, 'mariadbd-failing'),
      '--suite',
      quickSuite(tmp.path),
      '--out',
      join(tmp.path, 'results.json'),
    ]);
    expect(code).toBe(2);
    expectQuotedNotObeyed(output, ['error log', '::set-output name=verdict::HOSTILE-server-output']);
  }, 180_000);

  it('shows a server variable it set in the comment and the report, and prints nothing a runner obeys', async () => {
    const results = join(tmp.path, 'results.json');
    const run = await runSourceCli([
      'run',
      '--base',
      '/usr/sbin/mariadbd',
      '--head',
      hostileServer(tmp.path, 'mariadbd-noisy'),
      '--suite',
      quickSuite(tmp.path),
      '--out',
      results,
    ]);
    expect({ code: run.code, output: run.code === 0 ? '' : run.output }).toEqual({ code: 0, output: '' });
    const report = join(tmp.path, 'report');
    const compare = await runSourceCli(['compare', results, '--report-dir', report]);
    expect(compare.code === 0 || compare.code === 1).toBe(true);
    expectQuotedNotObeyed(`${run.output}${compare.output}`, []);
    const comment = readFileSync(join(report, 'comment.md'), 'utf8');
    const page = readFileSync(join(report, 'report.html'), 'utf8');
    expect(controlCharacters(comment)).toEqual([]);
    expect(controlCharacters(page)).toEqual([]);
    // The value is there, shown: HOSTILE-\x1b[31m\r::error::…
    expect(comment).toContain('HOSTILE-\\\\x1b\\[31m');
    expect(page).toContain('HOSTILE-\\x1b[31m\\r::error::HOSTILE-variable');
  }, 300_000);
});
