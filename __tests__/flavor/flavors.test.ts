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
import { installScope } from '../../src/builder/build-plan.js';
import { cmakeArgs } from '../../src/builder/cmake-args.js';
import { valgrindServerOptions } from '../../src/cost/valgrind-options.js';
import { alignmentOf } from '../../src/results/align-settings.js';
import { KNOWN_SETTINGS } from '../../src/results/settings-catalog.js';
import { historyLengthOf } from '../../src/run/cost-probe.js';
import { datadirEstimate } from '../../src/run/space-needs.js';
import { renderConfigFile } from '../../src/server/config-file.js';
import { installScriptArgs, serverInitializeArgs } from '../../src/server/datadir.js';
import { parseVersionOutput } from '../../src/server/flavor.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { ROOT } from '../helpers/real-run.js';
import { CLI_NAMES } from '../helpers/option-names.js';

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

  it('gives its builds their CMake arguments and installs what its server needs', () => {
    const { version, includes, excludes } = expected.cmake;
    const args = cmakeArgs({
      flavor: id,
      version,
      cc: 'gcc',
      cxx: 'g++',
      extra: [],
      boostDir: '/src/boost',
      names: CLI_NAMES,
    });
    expect(args).toEqual(expect.arrayContaining(includes));
    for (const arg of excludes) expect(args).not.toContain(arg);
    expect(installScope(id, [], false, CLI_NAMES)).toEqual(
      expected.installScope === 'all' ? 'all' : { components: expected.installScope },
    );
    expect(installScope(id, [], true, CLI_NAMES)).toBe('all');
  });

  it('makes a datadir with its bootstrap, and starts from an option file of its group', () => {
    const request = { datadir: '/w/d', basedir: '/p', user: undefined, tmpdir: '/w/t' };
    const { bootstrap } = flavor;
    const bootstrapArgs =
      bootstrap.program === 'server'
        ? serverInitializeArgs(request, bootstrap.args)
        : [bootstrap.scripts[0], ...installScriptArgs(request, bootstrap, bootstrap.ifListed.join('\n'))];
    expect(bootstrapArgs).toContain(expected.bootstrap);
    expect(bootstrapArgs).toContain('--datadir=/w/d');
    const config = renderConfigFile({
      flavor: id,
      basedir: '/p',
      datadir: '/w/d',
      socketPath: '/w/s',
      port: 3307,
      pidFile: '/w/pid',
      errorLog: '/w/log',
      filesDir: '/w/files',
      generalLog: '/w/general.log',
      slowLog: '/w/slow.log',
      tmpdir: '/w/t',
      user: undefined,
      options: {},
    }).split('\n');
    expect(config).toEqual(expect.arrayContaining(expected.config));
    expect(config.filter((line) => line.startsWith('['))).toEqual([`[${flavor.config.group}]`]);
    for (const [option] of Object.entries(flavor.buildTreeLayout ?? {})) expect(option).toMatch(/^[a-z_]+$/);
  });

  it('estimates its datadir: its own files and the redo log each set of options gives', () => {
    const suite = parseSuite(
      'name: s\nthreads: [1]\ndurationSeconds: 5\nrepetitions: 3\ntables: 1\ntableSize: 1\nworkloads:\n  - name: oltp_read_only\n',
      's.yml',
    );
    const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
    for (const { options, bytes } of expected.redo) {
      const { parts } = datadirEstimate(suite, id, options, { alignedHead: false });
      expect(parts).toContain(`server files ${mib(expected.systemBytes)}, redo log ${mib(bytes)}`);
    }
  });

  it('reads its history length with its own query', () => {
    expect(historyLengthOf([expected.historyLength.row], flavor.queries.historyLength.column)).toBe(
      expected.historyLength.value,
    );
    expect(flavor.queries.historyLength.sql).toMatch(/^(SELECT|SHOW) /);
  });

  it('runs under valgrind with the options its server needs', () => {
    expect(valgrindServerOptions(id, expected.valgrind.options, true)).toEqual(expected.valgrind.required);
  });

  it('names its settings vocabulary and equivalents among the settings known to change the work', () => {
    const known = new Set(KNOWN_SETTINGS.map((setting) => setting.name));
    for (const name of Object.keys(flavor.settings.vocabulary)) expect(known).toContain(name);
    for (const name of Object.values(flavor.settings.equivalents)) expect(known).toContain(name);
    // Every flavor names the same concepts, so that each has its counterpart in every other.
    expect(Object.keys(flavor.settings.equivalents).sort()).toEqual(
      Object.keys(ALL[0]?.settings.equivalents ?? {}).sort(),
    );
    // A value of its own vocabulary is not handed to a server of a flavor that does not share it.
    for (const other of ALL) {
      const name = Object.keys(flavor.settings.vocabulary).find(
        (variable) => other.settings.vocabulary[variable] !== flavor.settings.vocabulary[variable],
      );
      if (name === undefined) continue;
      const side = (of: FlavorDescription, value: string) => ({
        flavor: of.id as Flavor,
        version: '1.0.0',
        variables: { [name]: value },
      });
      const { skipped } = alignmentOf(side(flavor, 'a'), side(other, 'b'));
      expect(skipped.map((setting) => setting.setting)).toContain(name);
    }
  });

  it('says where a real source tree comes from, with a script that fetches it', () => {
    expect(flavor.source?.script ?? null).toBe(expected.source);
    if (flavor.source === null) return;
    const path = join(ROOT, flavor.source.script);
    expect(statSync(path).mode & 0o111).not.toBe(0);
    expect(readFileSync(path, 'utf8')).toContain(flavor.source.package);
  });
});
