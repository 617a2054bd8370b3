// The settings file (`.github/mysql-perf-gate.yml`): every option of the action that says what is
// measured, how it is judged, where the verdict goes and which machine measures, written once in
// the repository and read by the action itself (action/settings-inputs.ts) from a trusted copy.
// Each field is spelled as the action's input and turned into the text that input would hold, so
// the readers of the inputs check both alike; its type, its default, its group and its one line of
// documentation (docs/settings-file.md is generated from this table) are written here only; the
// defaults the code states elsewhere (the judge's, the change points', publish's) are taken from there.
import { z } from 'zod';

import { JUDGE_DEFAULTS } from '../compare/judge-defaults.js';
import { DEFAULT_MAX_P, DEFAULT_WINDOW } from '../history/changes.js';
import { DEFAULT_ACCEPT_LABEL } from './accept.js';
import { DEFAULT_STATUS_CONTEXT } from './publish.js';
import { DEFAULT_CHARTS_KEEP } from './publish-flags.js';
import {
  Branch,
  choice,
  Compiler,
  duration,
  flag,
  Https,
  lines,
  metrics,
  Option,
  RunnerLabel,
  Scalar,
  Size,
  text,
  whole,
} from './settings-values.js';

export const SETTINGS_GROUPS = ['measuring', 'judging', 'delivery', 'machine'] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export interface SettingSpec {
  readonly group: SettingsGroup;
  /** One line for the docs' table. */
  readonly description: string;
  /** The default, as the input's text; absent when there is none, or it depends on the mode. */
  readonly default?: string;
  /** The field's YAML value, checked, as the text of the action input of the same name. */
  readonly value: z.ZodType<string>;
  /** False for a field no input of the action reads (only a workflow can use it). */
  readonly input: boolean;
  /** A path: a relative one is from the root of the checkout the file is in. */
  readonly path?: true;
}

function setting(
  group: SettingsGroup,
  value: z.ZodType<string>,
  description: string,
  defaultValue?: string,
  input = true,
): SettingSpec {
  return {
    group,
    value,
    description,
    input,
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
  };
}

/** Every field of the settings file, spelled as the action's input, in the docs' order. */
export const SETTINGS = {
  // What is measured, and how.
  suite: {
    ...setting(
      'measuring',
      text(/^[A-Za-z0-9_./-]{1,200}$/, 'a built-in suite name or a path to a suite file'),
      "The suite: quick, standard, instructions, or a suite file (a path from the root of the file's checkout); the default is quick, instructions in bisect mode.",
    ),
    path: true,
  },
  compiler: setting(
    'measuring',
    Compiler,
    'The compiler of every build (of the head in a compiler comparison): gcc-12, clang-16, a path, or CC:CXX.',
    'gcc',
  ),
  'base-compiler': setting(
    'measuring',
    Compiler,
    "A compiler comparison's base compiler: one source tree built twice.",
  ),
  'build-type': setting(
    'measuring',
    choice(['RelWithDebInfo', 'Release', 'Debug', 'MinSizeRel']),
    'The CMake build type.',
    'RelWithDebInfo',
  ),
  'cmake-args': setting(
    'measuring',
    lines(/^-\S/, 'a CMake argument, e.g. -DPLUGIN_ROCKSDB=NO'),
    'Extra CMake arguments, a list; they come after the defaults and win.',
  ),
  'full-install': setting(
    'measuring',
    flag,
    'MySQL and Percona Server: build and install everything, not only the server and its libraries.',
    'false',
  ),
  set: setting(
    'measuring',
    lines(Option, 'a server option, NAME=VALUE'),
    'Server options of both sides, a list of NAME=VALUE.',
  ),
  'base-set': setting(
    'measuring',
    lines(Option, 'a server option, NAME=VALUE'),
    'Server options of the base side only, a list of NAME=VALUE.',
  ),
  'head-set': setting(
    'measuring',
    lines(Option, 'a server option, NAME=VALUE'),
    'Server options of the head side only, a list of NAME=VALUE.',
  ),
  'align-settings': setting(
    'measuring',
    flag,
    "A/B runs: measure the head a third time with the base's values of the settings that change the work, splitting each change into settings and code.",
    'false',
  ),
  'max-repetitions': setting(
    'measuring',
    whole(1, 1000),
    'Repetitions per side an undecided cell may reach (bisect mode: an ambiguous commit); no more than planned when absent (15 in bisect mode).',
  ),
  budget: setting(
    'measuring',
    duration('the time the measurements may take'),
    'How long the measurements may take while undecided cells get more repetitions, e.g. 20m.',
  ),
  'freeze-idle-side': setting(
    'measuring',
    choice(['on', 'off']),
    "Freeze the idle side's server while the other side is measured.",
    'on',
  ),
  // How the verdict is judged.
  tolerance: setting(
    'judging',
    lines(/^\S+=\S+$/, 'a rule, [WORKLOAD[@THREADS]:]METRIC=FRACTION'),
    'Tolerance rules, a list of [WORKLOAD[@THREADS]:]METRIC=FRACTION (e.g. tps=0.03).',
  ),
  gate: setting(
    'judging',
    metrics,
    'The metrics whose cells decide the verdict, a list or comma-separated (latency is p99Ms).',
    JUDGE_DEFAULTS.gateMetrics.join(','),
  ),
  alpha: setting(
    'judging',
    Scalar.pipe(z.string().regex(/^0?\.\d+$/, 'a significance level, e.g. 0.05')),
    'The significance level after Benjamini-Hochberg adjustment across the cells of a metric.',
    String(JUDGE_DEFAULTS.alpha),
  ),
  inconclusive: setting(
    'judging',
    choice(['pass', 'fail']),
    'What a verdict too noisy to judge counts as: pass or fail.',
    JUDGE_DEFAULTS.inconclusivePolicy,
  ),
  'gate-work': setting(
    'judging',
    flag,
    'Fail the gate when the work per transaction (a status counter) changed.',
    String(JUDGE_DEFAULTS.gateWork),
  ),
  baseline: {
    ...setting(
      'judging',
      text(/^[^\s].{0,499}$/, 'a path'),
      "A stored baseline file to judge the head against (a path from the root of the file's checkout); an A/B run judges against its own base without it.",
    ),
    path: true,
  },
  force: setting(
    'judging',
    flag,
    'Judge against a baseline of another suite or machine anyway (the difference becomes a warning).',
    'false',
  ),
  'fail-on-regression': setting('judging', flag, 'Fail the measuring step when the verdict is fail.', 'true'),
  recent: setting(
    'judging',
    whole(1, 1000),
    "The nightly's history: a change point among the newest N runs is new, and alerts.",
    '10',
  ),
  window: setting(
    'judging',
    whole(2, 10000),
    "The nightly's history: the change-point detection's window.",
    String(DEFAULT_WINDOW),
  ),
  'max-p': setting(
    'judging',
    Scalar.pipe(z.string().regex(/^0?\.\d+$/, 'a p-value, e.g. 0.001')),
    "The nightly's history: the largest p-value of a change point.",
    String(DEFAULT_MAX_P),
  ),
  'min-magnitude': setting(
    'judging',
    Scalar.pipe(z.string().regex(/^\d*\.?\d+%?$/, 'a fraction, e.g. 0.02')),
    "The nightly's history: the smallest change reported; half the metric's tolerance when absent.",
  ),
  // Where the verdict goes.
  comment: setting('delivery', flag, 'Post (or update) the sticky pull-request comment.', 'true'),
  'webhook-url-secret': setting(
    'delivery',
    text(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'the name of a secret, e.g. PERF_WEBHOOK'),
    'The NAME of the repository secret holding a Slack or Mattermost webhook address (never the address: this file is public); the publishing workflow passes that secret.',
    undefined,
    false,
  ),
  'charts-branch': setting(
    'delivery',
    Branch,
    'The branch the chart images (and the history pages) are committed to.',
    'mysql-perf-gate-charts',
  ),
  'charts-keep': setting(
    'delivery',
    whole(0, 999999),
    "Runs of a pull request kept on the charts branch (closed pull requests' dropped); 0 keeps all.",
    String(DEFAULT_CHARTS_KEEP),
  ),
  'history-page-url': setting(
    'delivery',
    Https,
    "The nightly history's page the pull-request comment links.",
  ),
  'history-branch': setting(
    'delivery',
    Branch,
    'The branch that keeps the nightly histories.',
    'mysql-perf-gate-history',
  ),
  'pages-url': setting(
    'delivery',
    Https,
    'Where GitHub Pages serves the charts branch: the alert issues link the history page there.',
  ),
  alert: setting('delivery', flag, 'The nightly: open (or update) an issue per new regression.', 'true'),
  'alert-labels': setting(
    'delivery',
    text(/^[^\n]{1,500}$/, 'labels, comma-separated'),
    'The labels of the alert issues, comma-separated.',
    'performance',
  ),
  'status-context': setting(
    'delivery',
    text(/^[^\n]{1,100}$/, 'a status context'),
    'The commit status the publishing half sets on the measured head; make it required.',
    DEFAULT_STATUS_CONTEXT,
  ),
  'require-approval': setting(
    'delivery',
    choice(['forks', 'never']),
    "forks (a fork's head is published once someone with write access approved it) or never (ephemeral runners).",
    'forks',
  ),
  'trusted-authors': setting(
    'delivery',
    lines(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/, 'a GitHub login'),
    "GitHub logins whose pull requests from forks are published without a label, as those of authors with write access (read from the default branch's file).",
  ),
  'accept-label': setting(
    'delivery',
    text(/^[^\n,]{1,50}$/, 'a label name'),
    'The label by which someone with write access accepts the regression measured at the head (as a `/perf accept <reason>` comment does); a push removes it.',
    DEFAULT_ACCEPT_LABEL,
  ),
  // The machine.
  'runs-on': setting(
    'machine',
    z
      .union([RunnerLabel, z.array(RunnerLabel).min(1).max(20)])
      .transform((value) => JSON.stringify([value].flat())),
    "The pinned machine's runner labels, one or a list all must match (the nightly and bisect workflows).",
    undefined,
    false,
  ),
  testbed: setting(
    'machine',
    text(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'a testbed name: letters, digits, "_", "." or "-"'),
    "The name the nightly's history is kept under: the machine, not the runner.",
  ),
  doctor: setting(
    'machine',
    choice(['warn', 'fail', 'off']),
    'The runner check before measuring: warn (a grade below doctor-min-grade warns), fail, or off.',
    'warn',
  ),
  'doctor-min-grade': setting(
    'machine',
    choice(['A', 'B', 'C', 'D', 'E', 'F']),
    'The lowest runner-check grade that neither warns nor fails.',
    'C',
  ),
  pin: setting(
    'machine',
    choice(['auto', 'on', 'off']),
    'Run the server and sysbench on CPUs of their own: auto, on or off.',
    'auto',
  ),
  'parallel-sides': setting(
    'machine',
    choice(['auto', 'true', 'false']),
    'Count suites: measure both sides at once on CPUs of their own: auto, true or false.',
    'auto',
  ),
  'lock-timeout': setting(
    'machine',
    duration('the wait for the machine lock'),
    'How long to wait while another run measures on the machine, e.g. 2h; 0 fails at once; as long as it takes when absent.',
  ),
  'time-limit': setting(
    'machine',
    duration("the job's time limit"),
    "The job's time limit the builds and the plan are checked against before the first build, e.g. 180m.",
  ),
  'build-while-measuring': setting(
    'machine',
    choice(['wait', 'low-priority']),
    'What builds do while another run measures: wait, or low-priority (nice 19).',
    'wait',
  ),
  ccache: setting(
    'machine',
    choice(['auto', 'on', 'off']),
    'Compile through ccache: auto (when installed), on or off.',
    'auto',
  ),
  store: setting(
    'machine',
    text(/^\/\S.{0,499}$/, 'an absolute path'),
    'A directory on the machine that keeps built prefixes between jobs (an absolute path).',
  ),
  'store-size': setting('machine', Size, 'The most the store may hold, e.g. 20G; 20G when absent.'),
  'max-processes': setting(
    'machine',
    whole(1, 1_000_000),
    'The most processes each untrusted build and server may have.',
  ),
  'max-memory': setting(
    'machine',
    Size,
    'The most memory each untrusted build and server may use, e.g. 8G; 75% of the machine when absent.',
  ),
} as const satisfies Record<string, SettingSpec>;

export type SettingName = keyof typeof SETTINGS;

/** A suite or baseline that names a file (a built-in suite's name has no "/" and no YAML suffix). */
export function namesFile(value: string): boolean {
  return value.includes('/') || /\.ya?ml$/.test(value);
}

/**
 * The root of the checkout a settings file is in, which its relative paths start from: the
 * directory above `.github/`, or the file's own directory for a file elsewhere.
 */
export function settingsRoot(file: string): string {
  const parts = file.split('/');
  const github = parts.lastIndexOf('.github');
  if (github >= 0 && github === parts.length - 2) return parts.slice(0, github).join('/') || '.';
  return parts.slice(0, -1).join('/') || '.';
}
export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTINGS, name);
}

/** A settings file's fields, each as the text of the input it stands for. */
export type Settings = Readonly<Partial<Record<SettingName, string>>>;

export const SettingsFile = z.strictObject(
  Object.fromEntries(SETTING_NAMES.map((name) => [name, SETTINGS[name].value.optional()])) as Record<
    SettingName,
    z.ZodOptional<z.ZodType<string>>
  >,
);
