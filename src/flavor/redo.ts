// The redo log's size as a server of a flavor reads its settings: the options it is started with,
// before it runs (the space a run needs), or the variables it reports (the redo capacity two
// servers are compared and aligned on). One rule for both. Pure.
import type { RedoLog } from './description.js';

/**
 * The redo log's bytes under these settings (`read` gives a setting's value in bytes, or undefined
 * when it is not set): the capacity option where the flavor has one and it is set, else the file
 * size times the files. Undefined when no setting sizes it (the flavor's defaultBytes then apply).
 */
export function redoLogBytes(redo: RedoLog, read: (name: string) => bigint | undefined): bigint | undefined {
  const capacity = redo.capacityOption === null ? undefined : read(redo.capacityOption);
  if (capacity !== undefined) return capacity;
  const size = read(redo.fileSizeOption);
  if (size === undefined) return undefined;
  const count = redo.fileCountOption === null ? undefined : read(redo.fileCountOption);
  return size * (count ?? BigInt(redo.defaultFileCount));
}

/** The options that give a server of this flavor, with these variables, a redo log of `bytes`. */
export function redoLogOptions(
  redo: RedoLog,
  read: (name: string) => bigint | undefined,
  bytes: bigint,
): Record<string, string> {
  if (redo.capacityOption !== null && read(redo.capacityOption) !== undefined) {
    return { [redo.capacityOption]: String(bytes) };
  }
  const counted = redo.fileCountOption === null ? undefined : read(redo.fileCountOption);
  const count = counted ?? BigInt(redo.defaultFileCount);
  return { [redo.fileSizeOption]: String(bytes / (count > 0n ? count : 1n)) };
}
