// Input "shards" of mode merge: results files, or directories holding them (as
// actions/download-artifact leaves one directory per shard's artifact), each searched for files
// named results.json.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { InputError } from '../errors.js';

/** How deep a directory is searched for results.json (artifact/perf/results.json is 3). */
const MAX_DEPTH = 4;

function resultsFilesUnder(dir: string, depth: number): string[] {
  if (depth > MAX_DEPTH) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return resultsFilesUnder(path, depth + 1);
      return entry.isFile() && entry.name === 'results.json' ? [path] : [];
    });
}

/** The results files the entries name: files as given, directories searched for results.json. */
export function shardResultFiles(entries: readonly string[]): string[] {
  if (entries.length === 0) {
    throw new InputError(
      'mode merge needs input "shards": the shards\' results files, or directories holding them',
    );
  }
  return entries.flatMap((entry) => {
    let isDirectory: boolean;
    try {
      isDirectory = statSync(entry).isDirectory();
    } catch {
      throw new InputError(`input "shards": ${entry} does not exist`);
    }
    if (!isDirectory) return [entry];
    const found = resultsFilesUnder(entry, 1);
    if (found.length === 0) throw new InputError(`input "shards": no results.json under ${entry}`);
    return found;
  });
}
