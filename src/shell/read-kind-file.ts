// Reading one of the tool's files by the path a user gave: a directory given in its place is named
// in one line (with the file inside it, when it holds one), and any other failure to read too.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { errorMessage } from '../errors.js';
import { directoryMessage, type FileKind, fileNameOf } from '../file-kind.js';

export interface KindFileRead {
  /** The command reading it, named in the message: "compare". */
  readonly reader?: string;
  /** How a failure to read starts: "cannot read baseline b.json". */
  readonly unreadable: string;
  /** The reader's own error for a message (a ResultsError, a BaselineError…). */
  readonly fail: (message: string, cause: unknown) => Error;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The text of `path`, which should hold a file of kind `expected`. */
export function readKindText(path: string, expected: FileKind, read: KindFileRead): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
      const name = fileNameOf(expected);
      const inside = name !== null && isFile(join(path, name)) ? join(path, name) : null;
      throw read.fail(directoryMessage(path, expected, inside, read.reader), error);
    }
    throw read.fail(`${read.unreadable}: ${errorMessage(error)}`, error);
  }
}
