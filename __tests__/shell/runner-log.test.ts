// forRunnerLog: what every printer of the tool passes its text through. Text a runner would obey
// comes out between stop-commands lines whose token is random and new for each block; anything
// else comes out as printable shows it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { forRunnerLog } from '../../src/shell/runner-log.js';
import { ROOT } from '../helpers/real-run.js';
import { controlCharacters, readAsRunner } from '../helpers/workflow-commands.js';

const HOSTILE =
  'sql/x.c:3: error: \x1b[31mred\x1b]0;title\x07\n::error::HOSTILE\n  ::set-output name=v::HOSTILE\n' +
  'ok\r::add-mask::HOSTILE\nnote ##[set-output name=v;]HOSTILE\n::stop-commands::HOSTILE\n\x9b\x7f\x00';

describe('forRunnerLog', () => {
  it('prints text without commands as printable shows it, with no block', () => {
    expect(forRunnerLog('built in 3.2 s (THD::close_thread_tables)')).toBe(
      'built in 3.2 s (THD::close_thread_tables)',
    );
    expect(forRunnerLog('colour \x1b[31m\r\n')).toBe('colour \\x1b[31m\n');
  });

  it('stops commands around hostile text: the runner obeys none, shows every line, and runs on after it', () => {
    const printed = forRunnerLog(HOSTILE);
    const lines = printed.split('\n');
    const token = /^::stop-commands::([0-9a-f]{32})$/.exec(lines[0] ?? '')?.[1];
    expect(token).toBeDefined();
    expect(lines.at(-1)).toBe(`::${token ?? ''}::`);
    expect(controlCharacters(printed)).toEqual([]);
    expect(printed).toContain('ok\\r::add-mask::HOSTILE');
    expect(printed).toContain('\\x1b[31mred\\x1b]0;title\\x07');
    expect(readAsRunner(`${printed}\n::warning::after`)).toEqual({
      obeyed: [expect.objectContaining({ name: 'warning', data: 'after' })],
      stoppedAtEnd: false,
    });
  });

  it('makes a new token for every block, and keeps a final line feed after it', () => {
    const tokens = new Set(
      Array.from({ length: 20 }, () => /^::stop-commands::(\w+)/.exec(forRunnerLog('::error::x'))?.[1]),
    );
    expect(tokens.size).toBe(20);
    expect(forRunnerLog('::error::x\n')).toMatch(/^::stop-commands::(\w+)\n::error::x\n::\1::\n$/);
  });

  it('printed as the runner reads it, the unprotected text would have been obeyed (the control)', () => {
    expect(readAsRunner(HOSTILE).obeyed.map((command) => command.name)).toEqual([
      'error',
      'set-output',
      'add-mask',
      'set-output',
    ]);
    expect(readAsRunner(HOSTILE).stoppedAtEnd).toBe(true);
  });
});

describe('the printers', () => {
  /** Every line of src/ that prints other than through the printers, as "file: line". */
  function printingElsewhere(): string[] {
    const src = join(ROOT, 'src');
    const found: string[] = [];
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      for (const line of readFileSync(join(src, file), 'utf8').split('\n')) {
        const raw = /process\.std(out|err)\.write|console\.\w+\(/.test(line) && file !== 'cli/print.ts';
        const core =
          /\bcore\.(info|warning|error|notice|debug)\(/.test(line) && file !== 'action/core-logger.ts';
        const failed = /\bcore\.setFailed\((?!$|printable\()/.test(line);
        if (raw || core || failed) found.push(`${file}: ${line.trim()}`);
      }
    }
    return found;
  }

  it('are cli/print.ts and action/core-logger.ts alone (main.ts fails the step with a printable message)', () => {
    expect(printingElsewhere()).toEqual([]);
  });
});
