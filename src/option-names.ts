// How the user named each option, for errors and notes: `--work-dir` on the command line,
// `input "work-dir"` in a workflow. The command layer fills it in from the front end's spelling
// (`optionNames` in commands/spelling.ts); below it an option is named only through this map,
// never by a spelling of its own.

/** The options the layers below the commands name in what they say. */
export const OPTION_KEYS = [
  'suite',
  'out',
  'work-dir',
  'keep-work-dir',
  'set',
  'base',
  'head',
  'shard',
  'parallel-sides',
  'freeze-idle-side',
  'align-settings',
  // The builder's.
  'compiler',
  'prefix',
  'build-dir',
  'jobs',
  'full-install',
  'target',
  'store',
  'untrusted',
  'ccache',
  'ccache-dir',
  'base-build-dir',
  'build-type',
  'cmake-arg',
  // The stores', bisect's and the judge's.
  'force',
  'testbed',
  'commit',
  'replace',
  'baseline',
  'state',
  'source',
  'good',
  'bad',
  'cell',
  'metric',
] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

/** Each option as the user wrote it: `--set`, `input "set"`. */
export type OptionNames = Readonly<Record<OptionKey, string>>;

/**
 * An option named for both front ends at once, `--gate, input "gate"`: for the sentences of a
 * document both front ends render (a verdict's warnings, which the publishing half compares as
 * text with its own judgement), so the same results give the same words whoever judged them.
 */
export function bothSpellings(key: string): string {
  return `--${key}, input "${key}"`;
}

/** Every option named for both front ends: for a store's messages when no command named them. */
export const BOTH_NAMES: OptionNames = Object.fromEntries(
  OPTION_KEYS.map((key) => [key, bothSpellings(key)]),
) as Record<OptionKey, string>;
