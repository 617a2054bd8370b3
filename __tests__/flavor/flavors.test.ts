// Every flavor through every entry of its description: each entry against what a real server or
// source tree of the flavor gives (__fixtures__/flavors/<id>.json), through the code that acts on
// it. A flavor without a fixture, or a description missing an entry, fails here.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { FlavorDescription } from '../../src/flavor/description.js';
import {
  describeFlavor,
  Flavor,
  FLAVOR_NAMES,
  FLAVORS,
  recogniseSourceTree,
  recogniseVersion,
  SERVER_BINARY_NAMES,
  SOURCE_TREE_MARKS,
} from '../../src/flavor/flavors.js';
import { parseVersionOutput } from '../../src/server/flavor.js';
import { ROOT } from '../helpers/real-run.js';

const Fixture = z.strictObject({
  versionLines: z.array(z.strictObject({ line: z.string(), version: z.string() })).min(1),
  running: z.array(z.strictObject({ version: z.string(), comment: z.string(), recorded: z.string() })).min(1),
  sourceTree: z.strictObject({ paths: z.array(z.string()), versionExtra: z.string() }),
  cmake: z.strictObject({
    version: z.string(),
    includes: z.array(z.string()),
    excludes: z.array(z.string()),
  }),
  installScope: z.union([z.literal('all'), z.array(z.string())]),
  bootstrap: z.string(),
  config: z.array(z.string()).min(1),
  systemBytes: z.number(),
  redo: z.array(z.strictObject({ options: z.record(z.string(), z.string()), bytes: z.number() })).min(1),
  historyLength: z.strictObject({ row: z.record(z.string(), z.unknown()), value: z.number() }),
  valgrind: z.strictObject({
    options: z.record(z.string(), z.string()),
    required: z.record(z.string(), z.string()),
  }),
  source: z.string().nullable(),
});
type Fixture = z.infer<typeof Fixture>;

function fixture(id: string): Fixture {
  const path = join(ROOT, '__fixtures__', 'flavors', `${id}.json`);
  if (!existsSync(path)) throw new Error(`flavor ${id} has no fixture: add __fixtures__/flavors/${id}.json`);
  return Fixture.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** The flavors as the layers above see them: a description of any flavor. */
const ALL: readonly FlavorDescription[] = FLAVORS;
const table = ALL.map((flavor) => ({ id: flavor.id as Flavor, flavor, fixture: fixture(flavor.id) }));

describe('the flavors', () => {
  it('are each described whole, under an id and a name of their own', () => {
    for (const flavor of FLAVORS) expect(() => FlavorDescription.parse(flavor)).not.toThrow();
    expect(new Set(FLAVORS.map((flavor) => flavor.id)).size).toBe(FLAVORS.length);
    expect(new Set(Object.values(FLAVOR_NAMES)).size).toBe(FLAVORS.length);
    expect(Flavor.options).toEqual(FLAVORS.map((flavor) => flavor.id));
  });

  it('end with the one flavor that has no marks, which takes what no other marks', () => {
    const unmarked = ALL.map((flavor) => {
      const { version, sourceTree } = flavor.recognise;
      const versionMarks = version.token !== null || version.comment !== null;
      const treeMarks = sourceTree.paths.length > 0 || sourceTree.versionExtra !== null;
      expect(versionMarks).toBe(treeMarks);
      return !versionMarks;
    });
    expect(unmarked.filter(Boolean)).toHaveLength(1);
    expect(unmarked.at(-1)).toBe(true);
  });
});

describe.each(table)('$id', ({ id, flavor, fixture: expected }) => {
  it('is described whole', () => {
    expect(FlavorDescription.safeParse(flavor).error?.issues ?? []).toEqual([]);
    expect(describeFlavor(id)).toBe(flavor);
    expect(FLAVOR_NAMES[id]).toBe(flavor.name);
  });

  it('recognises its --version lines and running servers, and keeps the version it records', () => {
    for (const { line, version } of expected.versionLines) {
      expect(parseVersionOutput(`${line}\n`, 'mysqld')).toEqual({ flavor: id, version, versionLine: line });
      const binary = line.split(/\s/)[0]?.split('/').at(-1) ?? '';
      expect(SERVER_BINARY_NAMES).toContain(binary);
    }
    for (const { version, comment, recorded } of expected.running) {
      expect(recogniseVersion(version, comment)).toEqual({ flavor: id, version: recorded });
    }
  });

  it('recognises its source trees', () => {
    for (const path of expected.sourceTree.paths) expect(SOURCE_TREE_MARKS).toContain(path);
    const tree = recogniseSourceTree(new Set(expected.sourceTree.paths), expected.sourceTree.versionExtra);
    expect(tree.id).toBe(id);
    for (const dir of flavor.recognise.sourceTree.boostDirs) expect(dir).not.toMatch(/^\/|\.\./);
  });

  it('names its server binaries', () => {
    for (const name of flavor.serverBinaries) expect(SERVER_BINARY_NAMES).toContain(name);
  });

  it('says where a real source tree comes from, with a script that fetches it', () => {
    expect(flavor.source?.script ?? null).toBe(expected.source);
    if (flavor.source === null) return;
    const path = join(ROOT, flavor.source.script);
    expect(statSync(path).mode & 0o111).not.toBe(0);
    expect(readFileSync(path, 'utf8')).toContain(flavor.source.package);
  });
});
