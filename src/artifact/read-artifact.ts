// The measuring half's artifact, read by the publishing half. Everything in it was produced by the
// pull request's own code, so it is data to check: only files with fixed names are read, after
// lstat (no symbolic links, regular files only) and a size cap, opened without following a link
// and checked again on the descriptor; results.json and verdict.json are validated with the
// project's schemas. Every other file (an uploaded comment.md, charts, a baseline.json, names with
// `../`) is never opened: the gate compares the two sides of an A/B run, never numbers the artifact
// supplies as its reference.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  type Stats,
} from 'node:fs';
import { join } from 'node:path';

import { ArtifactError, refuse } from '../compare/artifact-refusal.js';
import type { Artifact } from '../compare/rejudge.js';
import { parseVerdict } from '../compare/verdict-versions.js';
import { errorMessage, GateError } from '../errors.js';
import { parseResults } from '../results/results-file.js';
import type { Results } from '../results/results-schema.js';

const MIB = 1024 * 1024;

/**
 * The files read from the artifact, and the most bytes each may hold. The results of the standard
 * suite take about 1 MB, instruction suites with their per-function costs a few; a verdict is a
 * fraction of its results. pull-request.txt, optional, holds the number of the pull request the
 * measuring run was for; settings-changed.txt, optional, says that the pull request changes the
 * settings file, which the measuring run read from the merge base instead.
 */
export const ARTIFACT_CAPS = {
  'results.json': 20 * MIB,
  'verdict.json': 5 * MIB,
  'pull-request.txt': 64,
  'settings-changed.txt': 64,
} as const;
export type ArtifactFile = keyof typeof ARTIFACT_CAPS;

/** Judging is the costly step (a bootstrap per cell); real suites have tens of cells. */
export const MAX_CELLS = 1000;

function mib(bytes: number): string {
  return bytes >= MIB ? `${(bytes / MIB).toFixed(1)} MiB` : `${bytes} bytes`;
}

/**
 * One file of the artifact as text, or null when it is absent. lstat first, then the file is
 * opened without following a link and checked again on its descriptor, so a file swapped for a
 * link or a larger file in between is refused too; at most cap + 1 bytes are ever read.
 */
export function readArtifactFile(dir: string, name: ArtifactFile): string | null {
  return readCappedFile(dir, name, ARTIFACT_CAPS[name]);
}

/** As readArtifactFile, for a file another mode reads from its artifact (bisect.json), with its own cap. */
export function readCappedFile(dir: string, name: string, cap: number): string | null {
  const path = join(dir, name);
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw refuse(`cannot read ${name}: ${errorMessage(error)}`, error);
  }
  if (stat.isSymbolicLink()) throw refuse(`${name} is a symbolic link; only regular files are read`);
  if (!stat.isFile()) throw refuse(`${name} is not a regular file`);
  if (stat.size > cap) throw refuse(`${name} is ${mib(stat.size)}, over its cap of ${mib(cap)}`);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    throw refuse(`cannot open ${name}: ${errorMessage(error)}`, error);
  }
  try {
    const opened = fstatSync(fd);
    if (!opened.isFile() || opened.size > cap) throw refuse(`${name} changed while it was read`);
    // One byte more than the file holds: reading it means the file grew after the check.
    const buffer = Buffer.alloc(opened.size + 1);
    let length = 0;
    while (length < buffer.length) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
    }
    if (length > opened.size) throw refuse(`${name} changed while it was read`);
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function required(dir: string, name: ArtifactFile, why: string): string {
  const text = readArtifactFile(dir, name);
  if (text === null) throw refuse(`${name} is missing (${why})`);
  return text;
}

/** Runs a parser of the project's schemas; its (multi-line) complaint becomes the refusal. */
function validated<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ArtifactError || !(error instanceof GateError)) throw error;
    throw refuse(error.message, error);
  }
}

function parseClaim(text: string): number {
  const trimmed = text.trim();
  if (!/^[1-9][0-9]{0,9}$/.test(trimmed)) {
    throw refuse(`pull-request.txt holds ${JSON.stringify(trimmed.slice(0, 20))}, not a pull request number`);
  }
  return Number(trimmed);
}

/** The number pull-request.txt claims, if the artifact has one: a claim, checked against the API. */
export function readClaim(dir: string): number | undefined {
  const claim = readArtifactFile(dir, 'pull-request.txt');
  return claim === null ? undefined : parseClaim(claim);
}

/**
 * Whether the measuring run said the pull request changes the settings file (settings-changed.txt
 * holding `changed`). It only adds a fixed line to the comment: the trusted copies decide anyway.
 */
export function readSettingsChanged(dir: string): boolean {
  const text = readArtifactFile(dir, 'settings-changed.txt');
  if (text === null) return false;
  if (text.trim() !== 'changed') {
    throw refuse(`settings-changed.txt holds ${JSON.stringify(text.trim().slice(0, 20))}, not "changed"`);
  }
  return true;
}

/** Reads and validates what the artifact must hold; nothing else in it is opened. */
export function readArtifact(dir: string): Artifact {
  const { verdict, schemaVersion } = validated(() =>
    parseVerdict(required(dir, 'verdict.json', 'the measuring run writes it'), 'verdict.json'),
  );
  const results = validated(() =>
    parseResults(required(dir, 'results.json', 'the measuring run writes it'), 'results.json', 'publish'),
  );
  if (results.cells.length > MAX_CELLS) {
    throw refuse(
      `results.json has ${results.cells.length} cells; more than ${MAX_CELLS} are not judged here`,
    );
  }
  const claim = readClaim(dir);
  return {
    results,
    verdict,
    verdictSchemaVersion: schemaVersion,
    ...(claim === undefined ? {} : { claimedPullRequest: claim }),
  };
}

function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((name) => JSON.stringify(name.slice(0, 40)));
  return `${shown.join(', ')}${names.length > 5 ? `, and ${names.length - 5} more` : ''}`;
}

/** The entries of the artifact never opened (an uploaded comment, charts, odd names), if any. */
export function ignoredNote(dir: string): string | null {
  const others = readdirSync(dir).filter((name) => !Object.hasOwn(ARTIFACT_CAPS, name));
  if (others.length === 0) return null;
  return (
    `artifact: ${others.length} other entr${others.length === 1 ? 'y' : 'ies'} not read (${quoted(others)}); ` +
    'the comment and charts are rendered here from results.json and verdict.json'
  );
}

/** Workload names no suite could have (a tampered file): the renderers quote them as text. */
export function oddWorkloadsNote(results: Results): string | null {
  const known = new Set(results.suite.workloads.map((workload) => workload.name));
  const odd = [...new Set(results.cells.map((cell) => cell.workload))].filter((name) => !known.has(name));
  if (odd.length === 0) return null;
  return `results.json: workload name(s) its suite does not define (${quoted(odd)}); the comment quotes them as escaped text`;
}
