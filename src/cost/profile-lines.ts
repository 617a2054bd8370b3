// A side's line costs for one cell: every repetition's callgrind dump (kept gzipped beside the
// results) read for the lines of the diff's files, summed, with the transactions they ran.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

import type { CellResult } from '../results/results-schema.js';
import { type LineCosts, parseLineCosts } from './callgrind-lines.js';
import { cellTitle } from '../suite/suite-schema.js';

/** Largest dump read, uncompressed: a window's dump of a whole server is a few megabytes. */
export const MAX_DUMP_BYTES = 512 * 2 ** 20;

function add(into: LineCosts, from: LineCosts): void {
  if (from.lineNumbered) into.lineNumbered = true;
  for (const [file, lines] of from.files) {
    const target = into.files.get(file) ?? new Map<number, number>();
    into.files.set(file, target);
    for (const [line, cost] of lines) target.set(line, (target.get(line) ?? 0) + cost);
  }
  for (const [file, lines] of from.inlinedInto) {
    const target = into.inlinedInto.get(file) ?? new Map<number, Set<string>>();
    into.inlinedInto.set(file, target);
    for (const [line, names] of lines) target.set(line, new Set([...(target.get(line) ?? []), ...names]));
  }
}

/**
 * The cell's line costs over every repetition that kept a dump, or a sentence saying why there
 * are none (no dump recorded, or its file missing from `rawDir`).
 */
export async function cellLineCosts(
  cell: CellResult,
  rawDir: string,
  fileKey: (file: string) => string | undefined,
): Promise<{ costs: LineCosts; transactions: number } | string> {
  const costs: LineCosts = { files: new Map(), inlinedInto: new Map(), lineNumbered: false };
  let transactions = 0;
  for (const repetition of cell.repetitions) {
    const profile = repetition.cost?.callgrind?.profile;
    if (profile === undefined) return `${cellTitle(cell)} kept no callgrind dump`;
    const file = path.resolve(rawDir, profile);
    if (!file.startsWith(path.resolve(rawDir) + path.sep))
      return `the dump ${profile} is outside the raw directory`;
    let text: string;
    try {
      text = gunzipSync(await readFile(file), { maxOutputLength: MAX_DUMP_BYTES }).toString('utf8');
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      return missing
        ? `the callgrind dump ${file} is missing: keep the raw directory (${rawDir}) beside the results file`
        : `the callgrind dump ${file} cannot be read (${(error as Error).message})`;
    }
    add(costs, parseLineCosts(text, file, fileKey));
    transactions += repetition.report.transactions;
  }
  return { costs, transactions };
}
