// The commits a bisection runs over, read from the checkout: it is a git checkout without local
// changes (bisect checks other commits out), the two ends are commits, the good one an ancestor of
// the bad one, and at least one commit lies after the good one. Checked before anything is written.
import {
  ancestryPath,
  commitSubject,
  dirtyFiles,
  gitTopLevel,
  isAncestor,
  resolveCommit,
} from '../builder/git.js';
import { InputError } from '../errors.js';
import type { BisectState } from './bisect-state.js';

export interface CommitRange {
  /** Both ends, resolved to full hashes. */
  readonly good: string;
  readonly bad: string;
  /** The good end's subject (the bad end is the last candidate, with its own). */
  readonly goodSubject: string;
  /** After good, up to and including bad, oldest first. */
  readonly candidates: BisectState['candidates'];
}

/**
 * The range from `good` to `bad` (as the user wrote them: a hash, a tag, a branch) in the
 * checkout `source`; InputError naming the option, as `label` spells it, when it is not one.
 */
export async function commitRange(
  source: string,
  ends: Readonly<Record<'good' | 'bad', string>>,
  label: (name: 'source' | 'good' | 'bad') => string,
): Promise<CommitRange> {
  if ((await gitTopLevel(source)) === undefined) {
    throw new InputError(
      `${label('source')} ${source} is not a git checkout: bisect checks commits out, so it needs a clone of the server's repository`,
    );
  }
  const dirty = await dirtyFiles(source);
  if (dirty.length > 0) {
    const shown = dirty.slice(0, 5).join(', ') + (dirty.length > 5 ? ` and ${dirty.length - 5} more` : '');
    throw new InputError(
      `${label('source')} ${source} has local changes to tracked files (${shown}); commit or stash them first: bisect checks other commits out`,
    );
  }
  const [good, bad] = await Promise.all(
    (['good', 'bad'] as const).map(async (name) => {
      const sha = await resolveCommit(source, ends[name]);
      if (sha === undefined) {
        throw new InputError(`${label(name)} ${ends[name]}: no such commit in ${source}`);
      }
      return sha;
    }),
  );
  if (good === undefined || bad === undefined) throw new Error('both ends are resolved');
  if (!(await isAncestor(source, good, bad))) {
    throw new InputError(
      `${label('good')} ${ends.good} is not an ancestor of ${label('bad')} ${ends.bad}: the good commit must come before the bad one (are they swapped?)`,
    );
  }
  const candidates = await ancestryPath(source, good, bad);
  if (candidates.length === 0) {
    throw new InputError(
      `no commits between ${label('good')} ${ends.good} and ${label('bad')} ${ends.bad}: they are the same commit`,
    );
  }
  return { good, bad, goodSubject: await commitSubject(source, good), candidates };
}
