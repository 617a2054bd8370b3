// What the callgrind reader's tests share: a location to fail at, the message of a failure, and the
// reader run on lines with a visitor.
import type { CallgrindProfile } from '../../src/cost/callgrind.js';
import { FunctionProfile } from '../../src/cost/callgrind-functions.js';
import { CallgrindLocation, CallgrindReader } from '../../src/cost/callgrind-reader.js';
import type { CallgrindRecord, CallgrindVisitor } from '../../src/cost/callgrind-records.js';
import { ResultsError } from '../../src/errors.js';
import { thrownBy } from './errors.js';

/** A location at `lineNumber` of a file named "t.callgrind". */
export function at(lineNumber: number): CallgrindLocation {
  const location = new CallgrindLocation('t.callgrind');
  location.lineNumber = lineNumber;
  return location;
}

export function failure(fn: () => unknown): string {
  return thrownBy(ResultsError, fn).message;
}

/** Reads `lines` (of a file named "t.callgrind") and returns the profile, or throws the first error. */
export function readAll(lines: readonly string[]): CallgrindProfile {
  const location = new CallgrindLocation('t.callgrind');
  const profile = new FunctionProfile(location);
  const reader = new CallgrindReader(location, profile);
  for (const line of lines) reader.read(line);
  reader.finish();
  return profile.finish();
}

/**
 * Every record the reader makes of `lines`, in order; copies, as the reader reuses the positions and
 * costs of cost and call records.
 */
export function recordsOf(lines: readonly string[]): CallgrindRecord[] {
  const records: CallgrindRecord[] = [];
  const push = (record: CallgrindRecord): void => {
    records.push(structuredClone(record));
  };
  const visitor: Required<CallgrindVisitor> = {
    events: push,
    positions: push,
    part: push,
    description: push,
    summary: push,
    totals: push,
    function: push,
    cost: push,
    call: push,
  };
  const reader = new CallgrindReader(new CallgrindLocation('t.callgrind'), visitor);
  for (const line of lines) reader.read(line);
  reader.finish();
  return records;
}
