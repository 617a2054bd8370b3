// docs/settings-file.md lists each field of the settings file once, as the schema has it: the page's
// tables are the ones src/commands/settings-docs.ts writes. With MYSQL_PERF_GATE_WRITE_DOCS=1
// (scripts/settings-docs.sh) the test writes them instead of failing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { SETTING_NAMES } from '../../src/commands/settings-schema.js';
import { settingsTables, withSettingsTables } from '../../src/commands/settings-docs.js';
import { ROOT } from '../helpers/real-run.js';

const PAGE = join(ROOT, 'docs', 'settings-file.md');

test('docs/settings-file.md has the tables the schema gives', () => {
  const page = readFileSync(PAGE, 'utf8');
  const expected = withSettingsTables(page, settingsTables());
  expect(expected).toBeDefined();
  if (process.env.MYSQL_PERF_GATE_WRITE_DOCS === '1' && expected !== undefined) writeFileSync(PAGE, expected);
  else expect(page).toBe(expected);
});

test('the tables name every field once', () => {
  const tables = settingsTables();
  for (const name of SETTING_NAMES) {
    expect({
      name,
      rows: tables.split('\n').filter((line) => line.startsWith(`| \`${name}\` |`)).length,
    }).toEqual({
      name,
      rows: 1,
    });
  }
});

test('a page without the markers is refused, not overwritten', () => {
  expect(withSettingsTables('# Settings\n', 'x')).toBeUndefined();
});
