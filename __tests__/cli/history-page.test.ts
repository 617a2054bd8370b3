// `history page` through the CLI's main(): a history file rendered as DIR/index.html, and its
// errors (a missing file, a bad flag) with status 2.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { captureOutput } from '../helpers/real-run.js';
import { serializeHistory } from '../../src/history/history-text.js';
import { NIGHTS, pageHistory, runUrlOf } from '../report/history-pages.js';

let dir: string;
const output = captureOutput();

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-history-page-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

describe('mysql-perf-gate history page', () => {
  it('writes the page of a history file', async () => {
    const history = join(dir, 'history.json');
    writeFileSync(history, serializeHistory(pageHistory()));
    const out = join(dir, 'site');
    expect(await cli('history', 'page', '--history', history, '--report-dir', out)).toBe(0);
    const file = join(out, 'index.html');
    expect(output.text).toBe(`${file}: ${NIGHTS} runs, 8 series, 3 change points\n`);
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain(`href="${runUrlOf(NIGHTS - 1)}"`);
  });

  it('refuses a history file it cannot read, with status 2', async () => {
    const missing = join(dir, 'none.json');
    expect(await cli('history', 'page', '--history', missing, '--report-dir', dir)).toBe(2);
    expect(output.text).toContain(`cannot read history ${missing}`);
  });

  it('refuses a bad --max-p, naming it', async () => {
    expect(await cli('history', 'page', '--history', 'x', '--report-dir', dir, '--max-p', '2')).toBe(2);
    expect(output.text).toContain('--max-p "2": expected a fraction from 0 up to 1');
  });
});
