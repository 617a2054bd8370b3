// Which server family a binary belongs to, from what `mysqld --version` prints. Pure.
//
// Every MySQL-family server prints one line of the same shape:
//   <program>  Ver <version> for <os> on <machine> (<compilation comment>)
// MariaDB puts "-MariaDB" into the version; Percona Server says so in the compilation comment
// ("Percona Server (GPL), Release '27', …"); anything else of that shape is MySQL (official
// packages say "MySQL Community Server - GPL", source builds "Source distribution").
import { ServerError } from '../errors.js';
import type { Flavor } from '../results/results-schema.js';

export interface VersionInfo {
  readonly flavor: Flavor;
  /** "10.11.19" for MariaDB and MySQL; Percona keeps its release, "8.0.35-27". */
  readonly version: string;
  /** The `--version` line, verbatim (trimmed). */
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
    const info = classify(versionToken, comment);
    if (info) return { ...info, versionLine: line };
  }
  const quoted = output.trim() === '' ? '(nothing)' : output.trim().split('\n').slice(0, 5).join('\n');
  throw new ServerError(
    `${binary} --version did not print a MySQL, Percona Server or MariaDB version line ` +
      `("<program> Ver <version> for <os> on <machine> (<comment>)"); it printed:\n${quoted}\n` +
      'Pass --server a mysqld or mariadbd binary, or the install prefix that contains one.',
  );
}

/** The flavor and version from what a running server says: VERSION() and @@version_comment. */
export function flavorOfVersion(
  versionFunction: string,
  comment: string,
): Omit<VersionInfo, 'versionLine'> | undefined {
  return classify(versionFunction, comment);
}

function classify(versionToken: string, comment: string): Omit<VersionInfo, 'versionLine'> | undefined {
  const numeric = /^(\d+\.\d+\.\d+)/.exec(versionToken)?.[1];
  if (numeric === undefined) return undefined;
  if (/-mariadb/i.test(versionToken)) return { flavor: 'mariadb', version: numeric };
  if (/percona/i.test(comment) || /percona/i.test(versionToken)) {
    // Percona numbers its builds "<upstream>-<release>"; two releases of the same upstream
    // version are different servers, so the release stays in the version.
    const withRelease = /^(\d+\.\d+\.\d+-\d+(?:\.\d+)?)/.exec(versionToken)?.[1];
    return { flavor: 'percona', version: withRelease ?? numeric };
  }
  return { flavor: 'mysql', version: numeric };
}
