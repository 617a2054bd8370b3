// docs/action.md is the reference for the action's inputs and outputs: every one action.yml
// declares has a row there (in the first column, as `name`), and the page names none that
// action.yml does not declare, so a renamed or new input cannot leave the reference behind.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');

interface ActionYaml {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

/** The `names` in the first column of the tables under a `## <heading>` section. */
export function documentedNames(markdown: string, heading: string): Set<string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (section === undefined) throw new Error(`no "## ${heading}" section`);
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const first = line.split('|')[1];
    if (first === undefined || !line.startsWith('|')) continue;
    for (const match of first.matchAll(/`([a-z][a-z-]*)`/g)) names.add(match[1] ?? '');
  }
  return names;
}

describe('docs/action.md', () => {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as ActionYaml;
  const doc = readFileSync(join(ROOT, 'docs', 'action.md'), 'utf8');

  it.each([
    ['Inputs', 'inputs'],
    ['Outputs', 'outputs'],
  ] as const)('lists exactly the %s action.yml declares', (heading, key) => {
    const declared = Object.keys(action[key]).sort();
    const documented = [...documentedNames(doc, heading)].sort();
    expect(documented).toEqual(declared);
  });

  it('reads the names of a table row, several per cell, and only from the first column', () => {
    const markdown =
      '## Inputs\n\n| input | default |\n| --- | --- |\n| `base`, `head` | `quick` |\n\ntext `x`\n';
    expect([...documentedNames(markdown, 'Inputs')]).toEqual(['base', 'head']);
  });
});
