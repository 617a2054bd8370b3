// Every server flavor the tool knows, and the lookups every layer uses: a flavor's description by
// its id, and which flavor a version or a source tree is. Adding a flavor is a description file
// and its line in FLAVORS (docs/architecture.md, "Adding a flavor"). Pure.
import { z } from 'zod';

import type { FlavorDescription } from './description.js';
import { mariadb } from './mariadb.js';
import { mysql } from './mysql.js';
import { percona } from './percona.js';

/**
 * In the order a version or a source tree is recognised: the first flavor whose marks it bears.
 * A flavor without marks (MySQL) takes whatever no other flavor marks, so it comes last.
 */
export const FLAVORS = [mariadb, percona, mysql] as const satisfies readonly FlavorDescription[];

export type Flavor = (typeof FLAVORS)[number]['id'];
/** The flavors' ids, as results record them. */
export const Flavor = z.enum(FLAVORS.map((flavor) => flavor.id) as [Flavor, ...Flavor[]]);

/** How people write the flavors. */
export const FLAVOR_NAMES = Object.fromEntries(FLAVORS.map((flavor) => [flavor.id, flavor.name])) as Readonly<
  Record<Flavor, string>
>;

/** The description of the flavor `id` names. */
export function describeFlavor(id: Flavor): FlavorDescription {
  const found = FLAVORS.find((flavor) => flavor.id === id);
  // Unreachable while `id` is a Flavor: results are parsed with the enum above.
  if (found === undefined) throw new Error(`no flavor ${id}`);
  return found;
}

/** Every server binary name any flavor installs, each once, the preferred first. */
export const SERVER_BINARY_NAMES: readonly string[] = [
  ...new Set(FLAVORS.flatMap((flavor) => flavor.serverBinaries)),
];

/** Whether `marks` (null: the flavor has none of this kind) holds for `text`. */
function marked(mark: RegExp | null, text: string): boolean {
  return mark !== null && mark.test(text);
}

/** The first flavor whose marks hold, else the first that has no marks. */
function firstMarked(
  hasMarks: (flavor: FlavorDescription) => boolean,
  holds: (flavor: FlavorDescription) => boolean,
): FlavorDescription | undefined {
  return FLAVORS.find((flavor) => (hasMarks(flavor) ? holds(flavor) : true));
}

/**
 * The flavor and version a server gives: the version token of `mysqld --version` or VERSION(),
 * and the compilation comment or @@version_comment. Undefined when the token is no version.
 */
export function recogniseVersion(
  token: string,
  comment: string,
): { readonly flavor: Flavor; readonly version: string } | undefined {
  const numeric = /^(\d+\.\d+\.\d+)/.exec(token)?.[1];
  if (numeric === undefined) return undefined;
  const found = firstMarked(
    ({ recognise: { version } }) => version.token !== null || version.comment !== null,
    ({ recognise: { version } }) => marked(version.token, token) || marked(version.comment, comment),
  );
  if (found === undefined) return undefined;
  const release = found.recognise.version.release?.exec(token)?.[1];
  return { flavor: found.id as Flavor, version: release ?? numeric };
}

/** Every path under a source tree's top that marks some flavor, for the caller to look for. */
export const SOURCE_TREE_MARKS: readonly string[] = [
  ...new Set(FLAVORS.flatMap((flavor) => flavor.recognise.sourceTree.paths)),
];

/**
 * The flavor of a source tree, given which of SOURCE_TREE_MARKS it has and its version file's
 * MYSQL_VERSION_EXTRA ("-27", "-rc", "").
 */
export function recogniseSourceTree(present: ReadonlySet<string>, versionExtra: string): FlavorDescription {
  const found = firstMarked(
    ({ recognise: { sourceTree } }) => sourceTree.paths.length > 0 || sourceTree.versionExtra !== null,
    ({ recognise: { sourceTree } }) =>
      sourceTree.paths.some((path) => present.has(path)) || marked(sourceTree.versionExtra, versionExtra),
  );
  // Unreachable: FLAVORS ends with a flavor without marks, which takes any tree (the table test checks it).
  if (found === undefined) throw new Error('no flavor without source tree marks ends FLAVORS');
  return found;
}
