// The `baseline show` command: list the stored baselines under a directory, or one file's entries.
import { renderBaselineFile, renderBaselineList } from '../baseline/baseline-listing.js';
import { listBaselines, readBaselineFile } from '../baseline/store.js';
import { BaselineError, InputError } from '../errors.js';

export type BaselineShowRequest =
  | { readonly kind: 'file'; readonly file: string }
  | { readonly kind: 'list'; readonly dir: string; readonly testbed?: string; readonly suite?: string };

export interface BaselineShowOutcome {
  /** The listing or the file's entries; undefined when nothing matched. */
  readonly text: string | undefined;
  /** Why nothing was listed, and how to store a baseline. */
  readonly nothingFound: string | undefined;
  /** Files under the directory that could not be read; the listing shows the others. */
  readonly error: BaselineError | undefined;
}

/** Arguments → a request: a FILE, or a directory with optional filters, not both. */
export function baselineShowRequest(
  file: string | undefined,
  flags: { dir: string; testbed?: string; suite?: string },
): BaselineShowRequest {
  if (file === undefined) return { kind: 'list', ...flags };
  if (flags.testbed !== undefined || flags.suite !== undefined) {
    throw new InputError('--testbed and --suite choose baselines to list; leave them out when naming a FILE');
  }
  return { kind: 'file', file };
}

export function baselineShowCommand(request: BaselineShowRequest): BaselineShowOutcome {
  if (request.kind === 'file') {
    const text = renderBaselineFile(readBaselineFile(request.file, 'baseline show'), request.file);
    return { text, nothingFound: undefined, error: undefined };
  }
  const { dir, testbed, suite } = request;
  const listing = listBaselines(dir, testbed);
  const shown = listing.found.filter((baseline) => suite === undefined || baseline.file.key.suite === suite);
  const filter = [
    testbed === undefined ? '' : ` for testbed ${testbed}`,
    suite === undefined ? '' : ` for suite ${suite}`,
  ].join('');
  const problems = listing.problems;
  return {
    text: shown.length > 0 ? renderBaselineList(shown) : undefined,
    nothingFound:
      shown.length > 0
        ? undefined
        : `no baselines${filter} under ${dir}${listing.exists ? '' : ' (the directory does not exist)'}; store one with: mysql-perf-gate baseline save RESULTS`,
    error:
      problems.length === 0
        ? undefined
        : new BaselineError(
            `${problems.length} baseline ${problems.length === 1 ? 'file' : 'files'} under ${dir} could not be read:\n${problems.join('\n')}`,
          ),
  };
}
