// Every input of the action is reachable by a user of the reusable workflows: an option of the
// settings file (commands/settings-schema.ts), or passed by one of the reusable workflows
// (.github/workflows/*.yml), or one of the few inputs below that only a caller running the action
// itself gives. A new input that is none of these fails here: add it to the schema (and so to
// docs/settings-file.md), or have a workflow pass it, or say below why neither.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

import { SETTING_NAMES, SETTINGS } from '../../src/commands/settings-schema.js';

const ROOT = join(import.meta.dirname, '../..');

/** Inputs neither the settings file nor the reusable workflows give, each with why. */
const DIRECT_ONLY: Readonly<Record<string, string>> = {
  server: 'an installed server to measure: the reusable workflows build from source instead',
  'work-dir': "a path on the runner; the reusable workflows use the runner's temporary directory",
  commit: 'history mode: the measured commit, which the results already name',
  'head-repository': 'publish mode: read from the workflow_run event, which the reusable workflow has',
  'base-build-dir':
    "its default, auto, is what the measuring workflow wants for a fork's head: the trusted base it has just built",
};

interface Step {
  uses?: string;
  with?: Record<string, unknown>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
const workflowsDir = join(ROOT, '.github', 'workflows');

/** The inputs each reusable workflow passes to the action, by file. */
const passedBy = new Map<string, Set<string>>(
  readdirSync(workflowsDir)
    .filter((file) => file.endsWith('.yml'))
    .map((file) => {
      const workflow = parse(readFileSync(join(workflowsDir, file), 'utf8')) as {
        jobs: Record<string, { steps?: Step[] }>;
      };
      const steps = Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);
      const ours = steps.filter((step) => step.uses?.startsWith('mysql-perf-gate/mysql-perf-gate@'));
      return [file, new Set(ours.flatMap((step) => Object.keys(step.with ?? {})))];
    }),
);
const passed = new Set([...passedBy.values()].flatMap((names) => [...names]));
const settings = new Set<string>(SETTING_NAMES.filter((name) => SETTINGS[name].input));

describe('every input of the action', () => {
  it.each(Object.keys(action.inputs))(
    '"%s" is in the settings file, passed by a workflow, or direct-only',
    (name) => {
      const where = [
        settings.has(name) ? 'settings file' : '',
        passed.has(name) ? 'workflow' : '',
        name in DIRECT_ONLY ? 'direct-only' : '',
      ].filter((place) => place !== '');
      expect({ name, reachable: where.length > 0 }).toEqual({ name, reachable: true });
    },
  );

  it('lists as direct-only only inputs that exist and are given nowhere else', () => {
    for (const name of Object.keys(DIRECT_ONLY)) {
      expect({ name, declared: name in action.inputs }).toEqual({ name, declared: true });
      expect({ name, settings: settings.has(name), passed: passed.has(name) }).toEqual({
        name,
        settings: false,
        passed: false,
      });
    }
  });

  it.each(['measure.yml', 'publish.yml'])(
    '%s passes no option of the settings file but what only the workflow knows',
    (file) => {
      // comment: the measuring half has no token; time-limit: the job's own timeout-minutes.
      const ownedByTheWorkflow = new Set(['comment', 'time-limit']);
      const given = [...(passedBy.get(file) ?? [])].filter(
        (name) => settings.has(name) && !ownedByTheWorkflow.has(name),
      );
      expect(given).toEqual([]);
    },
  );

  it("has each settings field that is no input used by a workflow's settings job", () => {
    const workflowOnly = SETTING_NAMES.filter((name) => !SETTINGS[name].input);
    const texts = [...passedBy.keys()]
      .map((file) => readFileSync(join(workflowsDir, file), 'utf8'))
      .join('\n');
    for (const name of workflowOnly)
      expect({ name, used: texts.includes(`outputs.${name}`) }).toEqual({ name, used: true });
  });
});
