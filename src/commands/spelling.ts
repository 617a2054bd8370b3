// How an option is named to the user in errors: `--base-set` on the command line, `input
// "base-set"` in a workflow. Every command's option parser takes one, so both front ends validate
// the same way and each error names what the user actually wrote.

export type FlagSpelling = (name: string) => string;
export const cliSpelling: FlagSpelling = (name) => `--${name}`;
export const actionSpelling: FlagSpelling = (name) => `input "${name}"`;
