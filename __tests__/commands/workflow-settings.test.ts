// The settings file the nightly and bisect workflows read: runs-on, testbed and compiler, each
// mistake one line naming the file and the field.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import {
  parseWorkflowSettings,
  readWorkflowSettings,
  runsOnJson,
} from '../../src/commands/workflow-settings.js';
import { InputError } from '../../src/errors.js';
import { ROOT } from '../helpers/real-run.js';

const FILE = '.github/mysql-perf-gate.yml';

test('the shipped example reads as the nightly and bisect examples had it', () => {
  const settings = readWorkflowSettings(join(ROOT, 'examples', 'mysql-perf-gate.yml'));
  expect(settings).toEqual({
    'runs-on': ['self-hosted', 'perf-pinned'],
    testbed: 'perf-pinned-1',
    compiler: 'gcc-12',
  });
  expect(runsOnJson(settings)).toBe('["self-hosted","perf-pinned"]');
  expect(runsOnJson({ ...settings, 'runs-on': 'perf-box' })).toBe('["perf-box"]');
});

test.each([
  ['testbed: a\ncompiler: gcc\n', `${FILE}: runs-on: `],
  ['runs-on: x\ntestbed: a b\ncompiler: gcc\n', `${FILE}: testbed: a testbed name`],
  ['runs-on: [x, "a label"]\ntestbed: a\ncompiler: gcc\n', `${FILE}: runs-on`],
  ['runs-on: x\ntestbed: a\ncompiler: "gcc; rm -rf /"\n', `${FILE}: compiler: a compiler`],
  ['runs-on: x\ntestbed: a\ncompiler: gcc\nsuite: quick\n', `${FILE}: unknown field(s) suite`],
  ['- a list\n', `${FILE}: `],
  ['runs-on: [x\n', `${FILE} is not YAML: `],
])('%j is refused in one line', (text, start) => {
  let error: unknown;
  try {
    parseWorkflowSettings(text, FILE);
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(InputError);
  const message = (error as Error).message;
  expect(message.startsWith(start)).toBe(true);
  expect(message).not.toContain('\n');
});

test('a missing file names what it is for', () => {
  const dir = mkdtempSync(join(os.tmpdir(), 'settings-'));
  try {
    expect(() => readWorkflowSettings(join(dir, 'none.yml'))).toThrow(
      /^cannot read .*none\.yml: .*the nightly and bisect workflows name their runner, testbed and compiler there/,
    );
    writeFileSync(join(dir, 'big.yml'), 'x'.repeat(70_000));
    expect(() => readWorkflowSettings(join(dir, 'big.yml'))).toThrow(/big\.yml is 70000 bytes, over 65536/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
