// docs/setup.md against the files it describes, so that the page cannot drift: its permission
// tables name exactly the permissions each job of each workflow asks for (read from the workflows'
// `permissions:` blocks), every example workflow is named on the page, and its copy block copies
// example workflows that exist. That the copy block runs, and what it copies works, is
// __tests__/workflows/act-setup.int.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

import { SETTINGS_PATH, WORKFLOWS } from '../src/commands/init-plan.js';
import { ROOT } from './helpers/real-run.js';
import {
  copyWorkflowsBlock,
  COPY_MARKER,
  markedBlocks,
  PATH_MARKER,
  permissionRows,
  readSetupPage,
  shellCommands,
} from './helpers/setup-page.js';

interface Workflow {
  permissions?: Record<string, string>;
  jobs: Record<string, { permissions?: Record<string, string> }>;
}

const DIRS = ['examples/workflows', '.github/workflows'];

function workflowFiles(): string[] {
  return DIRS.flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((name) => name.endsWith('.yml'))
      .map((name) => `${dir}/${name}`),
  );
}

function readWorkflow(file: string): Workflow {
  return parse(readFileSync(join(ROOT, file), 'utf8')) as Workflow;
}

/** `file job permission` for every permission of every job, as the page's tables write them. */
function permissionsInWorkflows(): string[] {
  return workflowFiles().flatMap((file) =>
    Object.entries(readWorkflow(file).jobs).flatMap(([job, { permissions }]) => {
      if (permissions === undefined) return [`${file} ${job} the caller's`];
      const entries = Object.entries(permissions);
      if (entries.length === 0) return [`${file} ${job} none`];
      return entries.map(([scope, level]) => `${file} ${job} ${scope}: ${level}`);
    }),
  );
}

const page = readSetupPage();

describe('docs/setup.md', () => {
  it('names exactly the permissions each job of each workflow asks for', () => {
    const onPage = permissionRows(page).map((row) => `${row.file} ${row.job} ${row.permission}`);
    expect(onPage.length).toBeGreaterThan(10);
    expect(onPage.sort()).toEqual(permissionsInWorkflows().sort());
  });

  it('says rightly which workflows start from no permissions', () => {
    const without = workflowFiles().filter((file) => {
      const permissions = readWorkflow(file).permissions;
      return permissions === undefined || Object.keys(permissions).length > 0;
    });
    expect(without).toEqual(['.github/workflows/accept.yml', '.github/workflows/publish.yml']);
    expect(page).toContain('Every file starts with `permissions: {}` (except `publish.yml` and `accept.yml`');
  });

  it('names every example workflow', () => {
    const examples = readdirSync(join(ROOT, 'examples', 'workflows')).filter((name) => name.endsWith('.yml'));
    expect(examples.length).toBeGreaterThan(0);
    expect(examples.filter((name) => !page.includes(`](../examples/workflows/${name})`))).toEqual([]);
  });

  it('goes from a bare machine to a first verdict in at most ten commands', () => {
    const blocks = markedBlocks(page, PATH_MARKER);
    const commands = blocks.flatMap(shellCommands);
    expect(blocks).toHaveLength(2);
    expect(commands.length).toBeLessThanOrEqual(10);
    expect(commands).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sudo npm install -g node@24 https:\/\/\S+\.tgz$/),
        expect.stringMatching(/\/scripts\/setup-runner\.sh --url /),
        expect.stringMatching(/ mysql-perf-gate init( |$)/),
        'git push',
      ]),
    );
  });

  it('counts commands as a shell runs them: chains, pipes and continued lines apart, comments not', () => {
    expect(shellCommands('# setup:path\na && b | c; d # e\nf \\\n  --g\n\n# h')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'f --g',
    ]);
  });

  it('writes the workflows with init in one marked block, and names every file init writes', () => {
    const lines = copyWorkflowsBlock(page)
      .split('\n')
      .filter((line) => line.trim() !== '' && line !== COPY_MARKER);
    expect(lines).toEqual([expect.stringMatching(/^mysql-perf-gate init( --[a-z-]+ [^\s-][^\s]*)*$/)]);
    const written = WORKFLOWS.map((workflow) => workflow.example);
    expect(written.filter((name) => !existsSync(join(ROOT, 'examples', 'workflows', name)))).toEqual([]);
    expect(written.filter((name) => !page.includes(`](../examples/workflows/${name})`))).toEqual([]);
    expect(page).toContain(SETTINGS_PATH);
  });

  it('finds the marked block only once and says so otherwise', () => {
    const block = ['```sh', COPY_MARKER, 'true', '```'].join('\n');
    expect(() => copyWorkflowsBlock(`${block}\n\n${block}`)).toThrow(
      'docs/setup.md has 2 sh blocks with the line "# setup:copy-workflows", not one',
    );
    expect(copyWorkflowsBlock(`text\n\n   ${block.split('\n').join('\n   ')}\n`)).toBe(
      `${COPY_MARKER}\ntrue`,
    );
  });
});
