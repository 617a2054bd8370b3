// The settings file: every option of the action written once, each field as its input's text; a
// file of the nightly's three fields still reads; each mistake is one line naming the file, the
// field and the value.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { SETTING_NAMES, SETTINGS, settingsRoot } from '../../src/commands/settings-schema.js';
import {
  parseWorkflowSettings,
  readSettingsFile,
  readWorkflowSettings,
} from '../../src/commands/workflow-settings.js';
import { InputError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';
import { ROOT } from '../helpers/real-run.js';

const FILE = '.github/mysql-perf-gate.yml';

test('the shipped example reads as the nightly and bisect examples had it', () => {
  const settings = readWorkflowSettings(join(ROOT, 'examples', 'mysql-perf-gate.yml'));
  expect(settings).toEqual({
    'runs-on': '["self-hosted","perf-pinned"]',
    testbed: 'perf-pinned-1',
    compiler: 'gcc-12',
    suite: '',
    'status-context': 'mysql-perf-gate',
    'webhook-url-secret': '',
    'accept-label': 'perf-accepted',
  });
  expect(parseWorkflowSettings('runs-on: perf-box\n', FILE)['runs-on']).toBe('["perf-box"]');
});

test("the example's commented options, uncommented, are a valid file of every group", () => {
  const text = readFileSync(join(ROOT, 'examples', 'mysql-perf-gate.yml'), 'utf8');
  const uncommented = text.replace(/^# ([a-z-]+:)/gm, '$1');
  const settings = parseWorkflowSettings(uncommented, FILE);
  const groups = new Set(Object.keys(settings).map((name) => SETTINGS[name as keyof typeof SETTINGS].group));
  expect([...groups].sort()).toEqual(['delivery', 'judging', 'machine', 'measuring']);
});

test('every field, as YAML gives it, becomes the text of its input', () => {
  const text = [
    'suite: standard',
    'max-repetitions: 11',
    'alpha: 0.01',
    'gate: [tps, latency]',
    'gate-work: true',
    'set: [innodb_flush_log_at_trx_commit=2, sync_binlog=0]',
    'cmake-args: -DWITH_UNIT_TESTS=OFF',
    'lock-timeout: 0',
    'budget: 20m',
    'doctor-min-grade: B',
    'parallel-sides: false',
    'webhook-url-secret: PERF_WEBHOOK',
    'charts-keep: 3',
  ].join('\n');
  expect(parseWorkflowSettings(text, FILE)).toEqual({
    suite: 'standard',
    'max-repetitions': '11',
    alpha: '0.01',
    gate: 'tps,latency',
    'gate-work': 'true',
    set: 'innodb_flush_log_at_trx_commit=2\nsync_binlog=0',
    'cmake-args': '-DWITH_UNIT_TESTS=OFF',
    'lock-timeout': '0',
    budget: '20m',
    'doctor-min-grade': 'B',
    'parallel-sides': 'false',
    'webhook-url-secret': 'PERF_WEBHOOK',
    'charts-keep': '3',
  });
});

test('an empty file, or one of comments, sets nothing', () => {
  expect(parseWorkflowSettings('', FILE)).toEqual({});
  expect(parseWorkflowSettings('# nothing yet\n', FILE)).toEqual({});
});

test('every default is a value its own field takes', () => {
  for (const name of SETTING_NAMES) {
    const value = SETTINGS[name].default;
    if (value === undefined) continue;
    const yaml = value === 'true' || value === 'false' ? value : JSON.stringify(value);
    expect({ name, value: parseWorkflowSettings(`${name}: ${yaml}\n`, FILE)[name] }).toEqual({ name, value });
  }
});

test.each([
  ['runs-on: [x, "a label"]\n', `${FILE}: runs-on[1] "a label": expected a runner label`],
  ['testbed: a b\n', `${FILE}: testbed "a b": expected a testbed name`],
  ['compiler: "gcc; rm -rf /"\n', `${FILE}: compiler "gcc; rm -rf /": expected a compiler`],
  ['max-repetitions: many\n', `${FILE}: max-repetitions "many": expected a whole number`],
  ['max-repetitions: 0\n', `${FILE}: max-repetitions 0: expected a whole number from 1 to 1000`],
  ['inconclusive: maybe\n', `${FILE}: inconclusive "maybe": expected one of pass, fail`],
  ['gate-work: yes\n', `${FILE}: gate-work "yes": expected true or false`],
  ['gate: [tps, speed]\n', `${FILE}: gate ["tps","speed"]: expected metrics among tps,`],
  ['budget: 20 minutes\n', `${FILE}: budget "20 minutes": expected a duration, e.g. 30s`],
  ['set: [innodb_buffer_pool_size]\n', `${FILE}: set[0] "innodb_buffer_pool_size": expected a server option`],
  [
    'webhook-url-secret: https://hooks.example/x\n',
    `${FILE}: webhook-url-secret "https://hooks.example/x": expected the name of a secret`,
  ],
  ['suite: quick\nsuit: standard\n', `${FILE}: unknown field(s) suit (the fields are the action's inputs`],
  ['- a list\n', `${FILE}: expected a mapping of fields`],
  ['runs-on: [x\n', `${FILE} is not YAML: `],
])('%j is refused in one line', (text, start) => {
  const message = thrownBy(InputError, () => parseWorkflowSettings(text, FILE)).message;
  expect(message.slice(0, start.length)).toBe(start);
  expect(message).not.toContain('\n');
});

test('a missing file is no settings: the defaults; a big one is refused', () => {
  const dir = mkdtempSync(join(os.tmpdir(), 'settings-'));
  try {
    expect(readSettingsFile(join(dir, 'none.yml'))).toBeUndefined();
    expect(readWorkflowSettings(join(dir, 'none.yml'))).toMatchObject({ 'runs-on': '', compiler: 'gcc' });
    writeFileSync(join(dir, 'big.yml'), 'x'.repeat(70_000));
    expect(() => readSettingsFile(join(dir, 'big.yml'))).toThrow(/big\.yml is 70000 bytes, over 65536/);
    expect(() => readSettingsFile(dir)).toThrow(/is not a regular file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.each([
  ['base/.github/mysql-perf-gate.yml', 'base'],
  ['.github/mysql-perf-gate.yml', '.'],
  ['/w/settings/.github/gate-instructions.yml', '/w/settings'],
  ['perf/settings.yml', 'perf'],
  ['settings.yml', '.'],
])('%s: its relative paths start from %s', (file, root) => {
  expect(settingsRoot(file)).toBe(root);
});
