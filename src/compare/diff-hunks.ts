// The hunks of `git diff -U0 --no-renames BASE HEAD`: for each changed file, which lines the base
// had that the head removed or changed, and which lines the head added or changed. Pure.
import { ResultsError } from '../errors.js';

export interface DiffHunk {
  /** Repository-relative path at the head (at the base for a deleted file). */
  readonly path: string;
  /** First removed line at the base and how many; 0 lines for a pure addition. */
  readonly baseStart: number;
  readonly baseLines: number;
  /** First added line at the head and how many; 0 lines for a pure removal. */
  readonly headStart: number;
  readonly headLines: number;
}

/** Most hunks read from one diff: a change larger than this is not a pull request to explain. */
export const MAX_DIFF_HUNKS = 20_000;

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * "b/sql/x.cc" → "sql/x.cc"; /dev/null → undefined. git ends a name holding a space with a tab,
 * and quotes one holding a control character or a quote (C-style escapes, which JSON reads).
 */
function diffPath(text: string): string | undefined {
  const name = text.endsWith('\t') ? text.slice(0, -1) : text;
  if (name === '/dev/null') return undefined;
  const unquoted = name.startsWith('"') ? (JSON.parse(name) as string) : name;
  return unquoted.replace(/^[ab]\//, '');
}

/** Parses git's unified diff with no context lines. */
export function parseDiffHunks(text: string): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  let basePath: string | undefined;
  let headPath: string | undefined;
  // The ---/+++ lines name the files only between "diff --git" and the first hunk: inside a hunk,
  // a removed line "-- x" or an added "++ x" reads the same.
  let inHeader = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('diff --git ')) {
      inHeader = true;
      basePath = undefined;
      headPath = undefined;
    } else if (inHeader && line.startsWith('--- ')) basePath = diffPath(line.slice(4));
    else if (inHeader && line.startsWith('+++ ')) headPath = diffPath(line.slice(4));
    else if (line.startsWith('@@ ')) {
      inHeader = false;
      const match = HUNK.exec(line);
      const path = headPath ?? basePath;
      if (!match || path === undefined)
        throw new ResultsError(`git diff printed an unreadable hunk: ${line}`);
      hunks.push({
        path,
        baseStart: Number(match[1]),
        baseLines: match[2] === undefined ? 1 : Number(match[2]),
        headStart: Number(match[3]),
        headLines: match[4] === undefined ? 1 : Number(match[4]),
      });
      if (hunks.length > MAX_DIFF_HUNKS) {
        throw new ResultsError(`the diff has more than ${MAX_DIFF_HUNKS} hunks: too large to map onto lines`);
      }
    }
  }
  return hunks;
}

/** "sql/sql_parse.cc:1628–1635 (+8 lines)", "sql/x.cc:40 (−3 lines)", "sql/y.cc:12–14 (3 lines changed)". */
export function hunkLabel(hunk: DiffHunk): string {
  const start = hunk.headLines > 0 ? hunk.headStart : Math.max(1, hunk.headStart);
  const end = start + Math.max(hunk.headLines, 1) - 1;
  const where = end > start ? `${start}–${end}` : String(start);
  const plural = (count: number): string => `${count} line${count === 1 ? '' : 's'}`;
  const what =
    hunk.baseLines === 0
      ? `+${plural(hunk.headLines)}`
      : hunk.headLines === 0
        ? `−${plural(hunk.baseLines)}`
        : `${plural(hunk.headLines)} for ${hunk.baseLines}`;
  return `${hunk.path}:${where} (${what})`;
}
