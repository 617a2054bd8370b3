// docs/settings-file.md's tables, one per group, written from the settings schema: each field once,
// with its default and its line. The page holds them between two markers; a test fails when the
// page is not what this writes (scripts/settings-docs.sh writes it). Pure.
import { SETTING_NAMES, SETTINGS, SETTINGS_GROUPS, type SettingsGroup } from './settings-schema.js';

export const GENERATED_START =
  '<!-- settings tables: written by scripts/settings-docs.sh from src/commands/settings-schema.ts -->';
export const GENERATED_END = '<!-- end of the settings tables -->';

const GROUP_TITLES: Readonly<Record<SettingsGroup, string>> = {
  measuring: 'Measuring: what is built and measured, and how',
  judging: 'Judging: how the verdict is decided',
  delivery: 'Delivery: where the verdict goes',
  machine: 'Machine: where and when it measures',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The tables, one per group, in the schema's order. */
export function settingsTables(): string {
  return SETTINGS_GROUPS.map((group) => {
    const rows = SETTING_NAMES.filter((name) => SETTINGS[name].group === group).map((name) => {
      const spec = SETTINGS[name];
      const value = spec.default === undefined ? '' : `\`${spec.default}\``;
      const workflowOnly = spec.input ? '' : ' (a workflow reads it: no input of the action)';
      return `| \`${name}\` | ${cell(value)} | ${cell(spec.description)}${workflowOnly} |`;
    });
    return [
      `### ${GROUP_TITLES[group]}`,
      '',
      '| field | default | what it sets |',
      '| --- | --- | --- |',
      ...rows,
    ].join('\n');
  }).join('\n\n');
}

/** The page with its generated part replaced by `tables`; undefined when the markers are missing. */
export function withSettingsTables(page: string, tables: string): string | undefined {
  const start = page.indexOf(GENERATED_START);
  const end = page.indexOf(GENERATED_END);
  if (start < 0 || end < start) return undefined;
  return `${page.slice(0, start + GENERATED_START.length)}\n\n${tables}\n\n${page.slice(end)}`;
}
