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
  'align-settings',
] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

/** Each option as the user wrote it: `--set`, `input "set"`. */
export type OptionNames = Readonly<Record<OptionKey, string>>;
