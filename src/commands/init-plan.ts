// What `init` writes into a server's repository, decided from values: the example workflows the
// package ships, each call of a reusable workflow pinned to the package's commit, the settings
// file, and the steps only a person can take, with their links. Pure: init.ts reads the package,
// the repository and git, and writes the plan.

/** The repository `init` writes into, as git and its tree say. */
export interface RepositoryFacts {
  /** `owner/name` of the GitHub remote, or null when the remote is not on github.com. */
  readonly slug: string | null;
  readonly defaultBranch: string;
  /** "MariaDB 10.11.18" when the top is a server's CMake tree; null when it is not. */
  readonly tree: string | null;
}

export interface InitChoices {
  /** The pinned machine's runner labels. */
  readonly runsOn: readonly string[];
  readonly testbed: string;
  readonly compiler: string;
  /** Also the GitHub-hosted pair counting instructions on pull requests. */
  readonly instructions: boolean;
  /** The commit the reusable workflows are called at, and the release it belongs to. */
  readonly commit: string;
  readonly version: string;
  /** The approval label for forks' pull requests. */
  readonly forkLabel: string;
}

export interface PlannedFile {
  /** Relative to the repository's top. */
  readonly path: string;
  readonly text: string;
  /** What the file is for, one line. */
  readonly purpose: string;
}

/** The example each written workflow comes from, and what it is for. */
export const WORKFLOWS: readonly {
  readonly example: string;
  readonly purpose: string;
  readonly instructions?: true;
}[] = [
  { example: 'pr-gate.yml', purpose: 'measures each pull request on the pinned runner (read-only token)' },
  { example: 'pr-publish.yml', purpose: 'comments on the pull request and sets the status to require' },
  {
    example: 'pr-unlabel.yml',
    purpose: "takes a fork's approval away when a non-writer pushes, and an acceptance on every push",
  },
  {
    example: 'pr-accept.yml',
    purpose: 'accepts an intended regression of the head: `/perf accept <reason>` or the label, by a writer',
  },
  {
    example: 'nightly.yml',
    purpose: 'measures the default branch every night, keeps the history, opens an issue on a change',
  },
  {
    example: 'bisect.yml',
    purpose: "finds the commit of a change the nightly found, from the nightly's issue",
  },
  {
    example: 'pr-instructions.yml',
    purpose: 'counts instructions on GitHub-hosted runners for every pull request (no runner of your own)',
    instructions: true,
  },
];

export const SETTINGS_PATH = '.github/mysql-perf-gate.yml';

/** Every call of one of this project's reusable workflows, pinned to `commit` (`# v<version>`). */
export function pinReusableWorkflows(text: string, commit: string, version: string): string {
  return text.replace(
    /(uses:\s*mysql-perf-gate\/mysql-perf-gate\/\.github\/workflows\/[A-Za-z0-9_.-]+\.ya?ml)@[^\s#]+(?:\s*#[^\n]*)?/g,
    (_match, call: string) => `${call}@${commit} # v${version.replace(/^v/, '')}`,
  );
}

/** One YAML flow sequence of plain labels: `[self-hosted, perf-pinned]`. */
function flowList(labels: readonly string[]): string {
  return `[${labels.join(', ')}]`;
}

/** The example as this repository needs it: pinned, its default branch, the machine's labels. */
export function adaptWorkflow(
  example: string,
  text: string,
  facts: RepositoryFacts,
  choices: InitChoices,
): string {
  let adapted = pinReusableWorkflows(text, choices.commit, choices.version);
  if (facts.defaultBranch !== 'main') {
    adapted = adapted
      .replace(/^(\s+ref:) main$/m, `$1 ${facts.defaultBranch}`)
      .replace(/^(\s+branches:) \[main\]$/m, `$1 [${facts.defaultBranch}]`);
  }
  if (example === 'pr-gate.yml') {
    adapted = adapted
      .replace(/^(\s+runs-on:) '\[.*\]'$/m, `$1 '${JSON.stringify(choices.runsOn)}'`)
      .replace(/^(\s+compiler:) \S+$/m, `$1 ${choices.compiler}`);
  }
  if (choices.forkLabel !== 'perf-approved') adapted = adapted.replaceAll('perf-approved', choices.forkLabel);
  return adapted;
}

/**
 * The settings file: the package's example (every option, the common ones commented out) with the
 * machine's labels, testbed and compiler written in.
 */
export function adaptSettings(example: string, choices: InitChoices): string {
  return example
    .replace(/^runs-on: .*$/m, `runs-on: ${flowList(choices.runsOn)}`)
    .replace(/^testbed: .*$/m, `testbed: ${choices.testbed}`)
    .replace(/^compiler: .*$/m, `compiler: ${choices.compiler}`);
}

/** Every file `init` writes, from the package's examples (name → text). */
export function planFiles(
  examples: ReadonlyMap<string, string>,
  settingsExample: string,
  facts: RepositoryFacts,
  choices: InitChoices,
): PlannedFile[] {
  const workflows = WORKFLOWS.filter(
    (workflow) => workflow.instructions !== true || choices.instructions,
  ).map((workflow) => {
    const text = examples.get(workflow.example);
    if (text === undefined) throw new Error(`the package has no examples/workflows/${workflow.example}`);
    return {
      path: `.github/workflows/${workflow.example}`,
      text: adaptWorkflow(workflow.example, text, facts, choices),
      purpose: workflow.purpose,
    };
  });
  return [
    ...workflows,
    {
      path: SETTINGS_PATH,
      text: adaptSettings(settingsExample, choices),
      purpose: 'every setting of the gate, read from trusted copies only; the machine filled in',
    },
  ];
}

export interface ManualStep {
  readonly what: string;
  /** Where on GitHub it is done; null when the repository is not on github.com. */
  readonly link: string | null;
}

/** What only a person with the repository's (or organization's) admin rights can do. */
export function manualSteps(facts: RepositoryFacts, choices: InitChoices): ManualStep[] {
  const repo = facts.slug === null ? null : `https://github.com/${facts.slug}`;
  const owner = facts.slug?.split('/')[0] ?? null;
  return [
    {
      what: `Register the pinned runner with the labels ${choices.runsOn.join(', ')} in a runner group that only this repository and these workflows may use (scripts/setup-runner.sh on the machine)`,
      link:
        owner === null ? null : `https://github.com/organizations/${owner}/settings/actions/runner-groups`,
    },
    {
      what: `Require the status "mysql-perf-gate" on ${facts.defaultBranch} (a ruleset or branch protection: "Require status checks to pass")`,
      link: repo === null ? null : `${repo}/settings/rules`,
    },
    {
      what: 'Require approval for all outside contributors\' workflows (Actions → General → "Approval for running fork pull request workflows")',
      link: repo === null ? null : `${repo}/settings/actions`,
    },
    {
      what: `Create the label "${choices.forkLabel}": a writer adds it to measure a fork's pull request`,
      link: repo === null ? null : `${repo}/labels`,
    },
  ];
}
