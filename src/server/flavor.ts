// Which server family a binary belongs to, from what `mysqld --version` prints. Pure.
//
// Every MySQL-family server prints one line of the same shape:
//   <program>  Ver <version> for <os> on <machine> (<compilation comment>)
// Which flavor the version and the comment say is each flavor's description's to tell
// (src/flavor/: "-MariaDB" in the version, "Percona Server" in the comment, MySQL otherwise).
import { ServerError } from '../errors.js';
import { recogniseVersion } from '../flavor/flavors.js';
import type { Flavor } from '../results/results-schema.js';
import { printable, printableLine } from '../untrusted-text.js';

export interface VersionInfo {
  readonly flavor: Flavor;
  /** "10.11.19" for MariaDB and MySQL; Percona keeps its release, "8.0.35-27". */
  readonly version: string;
  /** The `--version` line, verbatim (trimmed), but for its control characters, shown (`\x1b`). */
  readonly versionLine: string;
}

const VERSION_LINE = /^\S+\s+Ver\s+(\S+)\s+for\s+\S.*?\s+on\s+\S+(?:\s+\((.*)\))?$/;

export function parseVersionOutput(output: string, binary: string): VersionInfo {
  // Some builds print warnings before the version (a deprecated program name, a missing
  // config): take the first line of the expected shape rather than the first line.
  for (const raw of output.split('\n')) {
    const line = raw.trim();
    const match = VERSION_LINE.exec(line);
    if (!match) continue;
    const versionToken = match[1] ?? '';
    const comment = match[2] ?? '';
    const info = recogniseVersion(versionToken, comment);
    if (info) return { ...info, versionLine: printableLine(line) };
  }
  const shown = printable(output).trim();
  const quoted = shown === '' ? '(nothing)' : shown.split('\n').slice(0, 5).join('\n');
  throw new ServerError(
    `${binary} --version did not print a MySQL, Percona Server or MariaDB version line ` +
      `("<program> Ver <version> for <os> on <machine> (<comment>)"); it printed:\n${quoted}\n` +
      'Pass a mysqld or mariadbd binary, or the install prefix that contains one.',
  );
}

/** The flavor and version from what a running server says: VERSION() and @@version_comment. */
export function flavorOfVersion(
  versionFunction: string,
  comment: string,
): Omit<VersionInfo, 'versionLine'> | undefined {
  return recogniseVersion(versionFunction, comment);
}
