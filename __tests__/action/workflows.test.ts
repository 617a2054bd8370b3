// The example workflows and the reusable workflows they call: they pass only inputs that are
// declared (a renamed input would otherwise be ignored, with a warning at most), and they keep the
// rules the README promises: no permissions by default and the least per job, third-party actions
// pinned to a full commit SHA with the version beside it, no credentials left in a checkout, no
// token for the code a measuring job builds and runs, one run per pull request at a time. That
// they run is __tests__/workflows/act.int.test.ts; that actionlint and zizmor find nothing is
// scripts/lint-workflows.sh.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse } from 'yaml';

import { testCopyOf } from '../helpers/act-workflows.js';

const ROOT = join(import.meta.dirname, '../..');

interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Job {
  permissions?: Record<string, string>;
  uses?: string;
  with?: Record<string, unknown>;
  steps?: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  concurrency?: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> };
const declared = new Set(Object.keys(action.inputs));

function read(dir: string, file: string): { text: string; workflow: Workflow } {
  const text = readFileSync(join(ROOT, dir, file), 'utf8');
  return { text, workflow: parse(text) as Workflow };
}

const examples = readdirSync(join(ROOT, 'examples', 'workflows')).filter((name) => name.endsWith('.yml'));
const reusable = readdirSync(join(ROOT, '.github', 'workflows')).filter((name) => name.endsWith('.yml'));
const all = [
  ...examples.map((file) => ['examples/workflows', file] as const),
  ...reusable.map((file) => ['.github/workflows', file] as const),
];

/** The inputs a reusable workflow of this repository declares. */
function callableInputs(file: string): Set<string> {
  const on = read('.github/workflows', file).workflow.on as { workflow_call?: { inputs?: object } };
  return new Set(Object.keys(on.workflow_call?.inputs ?? {}));
}

describe('example and reusable workflows', () => {
  it('there are some', () => {
    expect(examples.sort()).toEqual(
      expect.arrayContaining(['compilers.yml', 'nightly.yml', 'pr-gate.yml', 'pr-publish.yml']),
    );
    expect(reusable.sort()).toEqual([
      'accept.yml',
      'bisect.yml',
      'measure.yml',
      'nightly.yml',
      'publish.yml',
      'unlabel.yml',
    ]);
  });

  it.each(all)('%s/%s passes the action and our reusable workflows only inputs they declare', (dir, file) => {
    const { workflow } = read(dir, file);
    let ours = 0;
    for (const job of Object.values(workflow.jobs)) {
      const call = /^mysql-perf-gate\/mysql-perf-gate\/\.github\/workflows\/([a-z-]+\.yml)@/.exec(
        job.uses ?? '',
      );
      if (call) {
        ours++;
        const inputs = callableInputs(call[1] ?? '');
        expect(Object.keys(job.with ?? {}).filter((name) => !inputs.has(name))).toEqual([]);
      }
      for (const step of job.steps ?? []) {
        if (!step.uses?.startsWith('mysql-perf-gate/mysql-perf-gate@')) continue;
        ours++;
        expect(Object.keys(step.with ?? {}).filter((name) => !declared.has(name))).toEqual([]);
      }
    }
    // unlabel.yml makes one API call and uses neither.
    expect(ours > 0 || file === 'unlabel.yml').toBe(true);
  });

  it.each(all)('%s/%s: no permissions by default, each job names its own', (dir, file) => {
    const { workflow } = read(dir, file);
    // The publishing half's job takes the caller's grant as it is (contents: write is optional):
    // a block of its own, or `permissions: {}` above it, would cap that grant. So does the
    // acceptance's (contents: write for the ledger on the history branch is optional too).
    if (dir === '.github/workflows' && (file === 'publish.yml' || file === 'accept.yml')) {
      expect([workflow.permissions, workflow.jobs.publish?.permissions]).toEqual([undefined, undefined]);
      return;
    }
    expect(workflow.permissions).toEqual({});
    for (const [id, job] of Object.entries(workflow.jobs)) {
      expect(job.permissions).toBeDefined();
      const writes = Object.entries(job.permissions ?? {}).filter(([, level]) => level === 'write');
      // Writes only where no server code runs: the comment and the status, the label a push
      // removes, the nightly's history job (the history branch and the alert issues) and the
      // bisection's comment job (the alert issue); the example's calling job grants what that
      // job needs.
      const allowed =
        file === 'pr-publish.yml'
          ? ['pull-requests', 'statuses']
          : file === 'pr-accept.yml'
            ? ['pull-requests', 'statuses', 'contents']
            : file === 'pr-unlabel.yml' || file === 'unlabel.yml'
              ? ['pull-requests']
              : file === 'nightly.yml' && (id === 'history' || dir === 'examples/workflows')
                ? ['contents', 'issues']
                : file === 'bisect.yml' && (id === 'comment' || dir === 'examples/workflows')
                  ? ['issues']
                  : [];
      expect({ id, writes: writes.map(([scope]) => scope) }).toEqual({ id, writes: allowed });
    }
    if (dir === '.github/workflows' && file === 'nightly.yml') {
      expect(workflow.jobs.measure?.permissions).toEqual({ contents: 'read' });
    }
    if (dir === '.github/workflows' && file === 'bisect.yml') {
      expect(workflow.jobs.bisect?.permissions).toEqual({ contents: 'read' });
    }
  });

  it.each(all)(
    '%s/%s: third-party actions are pinned to a commit SHA, with the version in a comment',
    (dir, file) => {
      const { text, workflow } = read(dir, file);
      const uses = text.split('\n').filter((line) => /^\s*(- )?uses: /.test(line));
      for (const line of uses) {
        const ref = /uses: ([^\s@]+)@(\S+)(.*)$/.exec(line);
        expect(ref).not.toBeNull();
        expect({ line, sha: /^[0-9a-f]{40}$/.test(ref?.[2] ?? '') }).toEqual({ line, sha: true });
        expect(ref?.[3]).toMatch(/^ # v\d+\.\d+\.\d+$/);
      }
      for (const job of Object.values(workflow.jobs)) {
        for (const step of job.steps ?? []) {
          if (step.uses?.startsWith('actions/checkout@'))
            expect(step.with?.['persist-credentials']).toBe(false);
        }
      }
    },
  );

  it.each(all)('%s/%s uses this action and its reusable workflows by commit SHA only', (dir, file) => {
    const { text } = read(dir, file);
    // Every mention in a uses: line, whatever its indentation or list marker (scripts/pin-action.sh
    // rewrites them all to one release commit).
    const ours = text
      .split('\n')
      .filter((line) => /^\s*(- )?uses:\s*mysql-perf-gate\/mysql-perf-gate[/@]/.test(line));
    for (const line of ours) {
      expect({ line, pinned: /@[0-9a-f]{40} # v\d+\.\d+\.\d+$/.test(line) }).toEqual({ line, pinned: true });
    }
    expect(text).not.toContain('ignore[unpinned-uses]');
    // No other spelling of ours (quoted, a `uses:` without the space) slips past the check above.
    const mentions = text.split('\n').filter((line) => /uses:.*mysql-perf-gate\/mysql-perf-gate/.test(line));
    expect(mentions).toEqual(ours);
  });

  it.each(all)(
    '%s/%s pins this action to a commit of this repository that has every input it passes',
    (dir, file) => {
      const { workflow } = read(dir, file);
      for (const [id, job] of Object.entries(workflow.jobs)) {
        for (const step of job.steps ?? []) {
          const sha = /^mysql-perf-gate\/mysql-perf-gate@([0-9a-f]{40})$/.exec(step.uses ?? '')?.[1];
          if (sha === undefined) continue;
          const pinned = execFileSync('git', ['-C', ROOT, 'show', `${sha}:action.yml`], { encoding: 'utf8' });
          const inputs = Object.keys((parse(pinned) as { inputs: Record<string, unknown> }).inputs);
          const missing = Object.keys(step.with ?? {}).filter((name) => !inputs.includes(name));
          expect({ job: id, missing }).toEqual({ job: id, missing: [] });
        }
      }
    },
  );

  it('the measuring half reads the repository and gives the action no token', () => {
    const { workflow } = read('.github/workflows', 'measure.yml');
    const job = workflow.jobs.measure!;
    expect(job.permissions).toEqual({ contents: 'read' });
    const step = job.steps!.find((candidate) =>
      candidate.uses?.startsWith('mysql-perf-gate/mysql-perf-gate@'),
    );
    expect(step?.with?.['github-token']).toBe('');
    expect(step?.with?.source).toBe('head');
    expect(step?.with?.['base-source']).toBe('base');
    // The settings of the merge base's checkout, never the pull request's.
    expect(step?.with?.['settings-file']).toBe('base/${{ inputs.settings-file }}');
  });

  it('the publishing half runs on workflow_run for the measuring workflows, checking out the default branch at most', () => {
    const { workflow } = read('examples/workflows', 'pr-publish.yml');
    const trigger = workflow.on.workflow_run as { workflows: string[]; types: string[] };
    expect(trigger.types).toEqual(['completed']);
    const measuring = examples
      .map((file) => read('examples/workflows', file).workflow)
      .filter((candidate) => Object.values(candidate.jobs).some((job) => job.uses?.includes('/measure.yml@')))
      .map((candidate) => candidate.name);
    expect(trigger.workflows.sort()).toEqual(measuring.sort());
    const publish = read('.github/workflows', 'publish.yml').workflow.jobs.publish!;
    const checkouts = publish.steps!.filter((step) => step.uses?.startsWith('actions/checkout@'));
    // The settings file, and a suite file it names: the default branch, never the pull request.
    expect(checkouts.map((step) => step.with?.ref)).toEqual([
      '${{ github.event.repository.default_branch }}',
      '${{ github.event.repository.default_branch }}',
    ]);
    expect(checkouts[0]?.with?.['sparse-checkout']).toBe('${{ inputs.settings-file }}');
    expect(
      publish
        .steps!.filter((step) => step.uses?.startsWith('mysql-perf-gate/'))
        .map((step) => step.with?.mode),
    ).toEqual(['settings', 'publish']);
  });

  it.each(['pr-gate.yml', 'pr-instructions.yml'])(
    '%s: one run per pull request, a new push cancels the last',
    (file) => {
      const { workflow } = read('examples/workflows', file);
      expect(workflow.concurrency?.group).toContain('${{ github.event.pull_request.number }}');
      expect(workflow.concurrency?.['cancel-in-progress']).toBe(true);
    },
  );
});

describe('the test copies for act', () => {
  it('replace an unpinned third-party action by nothing: they refuse it', () => {
    const text = 'jobs:\n  a:\n    steps:\n      - uses: actions/checkout@v5\n';
    expect(() => testCopyOf(text)).toThrow('actions/checkout@v5 is not pinned to a full commit SHA');
  });

  it('refuse an action that has no stand-in', () => {
    const text = `jobs:\n  a:\n    steps:\n      - uses: someone/else@${'a'.repeat(40)}\n`;
    expect(() => testCopyOf(text)).toThrow(`no stand-in for the action someone/else@${'a'.repeat(40)}`);
  });

  it('keep the step and run the stand-in with its inputs', () => {
    const text = [
      'jobs:',
      '  a:',
      '    steps:',
      `      - name: Get it`,
      `        id: get`,
      `        uses: actions/download-artifact@${'b'.repeat(40)}`,
      '        continue-on-error: true',
      '        with:',
      '          run-id: ${{ github.event.workflow_run.id }}',
      '      - uses: mysql-perf-gate/mysql-perf-gate@v0',
    ].join('\n');
    const copy = parse(testCopyOf(text)) as Workflow;
    expect(copy.jobs.a!.steps).toEqual([
      {
        name: 'Get it',
        id: 'get',
        'continue-on-error': true,
        shell: 'bash',
        env: { INPUT_RUN_ID: '${{ github.event.workflow_run.id }}' },
        run: 'bash "$ACT_TEST_STAND_INS/download-artifact.sh"',
      },
      {
        name: '(test) the action under test, into the workspace',
        if: 'always()',
        shell: 'bash',
        run: 'test -d .mysql-perf-gate || cp -a "$ACT_TEST_ACTION" .mysql-perf-gate',
      },
      { uses: './.mysql-perf-gate' },
    ]);
  });

  it("add the test's inputs to the action's measuring steps only", () => {
    const text = [
      'jobs:',
      '  a:',
      '    steps:',
      '      - uses: mysql-perf-gate/mysql-perf-gate@v0',
      '        with:',
      '          suite: quick',
      '      - uses: mysql-perf-gate/mysql-perf-gate@v0',
      '      - uses: mysql-perf-gate/mysql-perf-gate@v0',
      '        with:',
      '          mode: publish',
    ].join('\n');
    const copy = parse(testCopyOf(text, { measureInputs: { doctor: 'off' } })) as Workflow;
    expect(copy.jobs.a!.steps!.filter((step) => step.uses !== undefined).map((step) => step.with)).toEqual([
      { suite: 'quick', doctor: 'off' },
      { doctor: 'off' },
      { mode: 'publish' },
    ]);
  });
});
