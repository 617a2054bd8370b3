// The store of installed prefixes on disk, on small stand-in prefixes: saving, reusing through a
// link, the checksum that refuses a changed entry, what --prefix may be replaced, eviction.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import type { BuildPlan } from '../../src/builder/build-plan.js';
import {
  listEntries,
  releaseStoredPrefix,
  reuseStored,
  saveToStore,
  type StoreOptions,
  type StoreSlot,
  storeSlot,
} from '../../src/builder/prefix-store.js';
import { reuseLine } from '../../src/builder/store-text.js';
import { entryName, keyHash, type StoreKey } from '../../src/builder/store-key.js';
import { InputError } from '../../src/errors.js';
import type { Logger } from '../../src/shell/logger.js';
import { UNCONFINED } from '../../src/shell/sandbox.js';
import { CLI_NAMES } from '../helpers/option-names.js';

let temp: string;
let store: StoreOptions;

beforeEach(() => {
  temp = mkdtempSync(join(os.tmpdir(), 'gate-store-'));
  store = { dir: join(temp, 'store'), maxBytes: 2 ** 30 };
});

afterEach(() => {
  rmSync(temp, { recursive: true, force: true });
});

function recorder(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger: Logger = {
    info: (message) => lines.push(message),
    warning: (message) => lines.push(`warning: ${message}`),
    error: (message) => lines.push(`error: ${message}`),
    debug: () => undefined,
    progress: () => undefined,
    group: (_name, fn) => fn(),
  };
  return { logger, lines };
}

function keyFor(commit: string): StoreKey {
  return {
    flavor: 'mariadb',
    version: '10.11.18',
    commit,
    compiler: { id: 'gcc', version: '12.2.0', versionLine: 'gcc 12.2.0' },
    buildType: 'RelWithDebInfo',
    cmakeOptions: [],
    install: 'all',
    env: {},
    machine: 'x64',
  };
}

function slotFor(commit: string, options: StoreOptions = store): StoreSlot {
  const key = keyFor(commit.padEnd(40, '0'));
  const hash = keyHash(key);
  const name = entryName(key, hash);
  return { store: options, key, hash, name, dir: join(options.dir, name), prefixLabel: '--prefix' };
}

/** A stand-in installed prefix of `bytes` bytes of server. */
function makePrefix(name: string, bytes = 1000): string {
  const prefix = join(temp, name);
  mkdirSync(join(prefix, 'bin'), { recursive: true });
  writeFileSync(join(prefix, 'bin/mariadbd'), Buffer.alloc(bytes, 1));
  symlinkSync('mariadbd', join(prefix, 'bin/mysqld'));
  writeFileSync(join(prefix, 'build.json'), '{"version":"10.11.18"}\n');
  return prefix;
}

async function saved(slot: StoreSlot, prefix: string): Promise<void> {
  expect(await saveToStore(slot, prefix)).toMatchObject({ dir: slot.dir });
}

describe('saving and reusing', () => {
  it('saves a copy with its manifest, then makes --prefix a link to it and marks it used', async () => {
    const slot = slotFor('a');
    await saved(slot, makePrefix('built'));
    expect(readdirSync(store.dir)).toEqual([slot.name]);
    const entry = JSON.parse(readFileSync(join(slot.dir, 'entry.json'), 'utf8')) as Record<string, unknown>;
    expect(entry).toMatchObject({ hash: slot.hash, key: slot.key, bytes: 1000 + 23 });
    expect(Object.keys(entry.files as object)).toEqual(['bin/mariadbd', 'bin/mysqld', 'build.json']);

    utimesSync(join(slot.dir, 'entry.json'), new Date(1000), new Date(1000));
    const prefix = join(temp, 'elsewhere/base');
    const { logger, lines } = recorder();
    const reused = await reuseStored(slot, prefix, logger);
    expect(reused?.target).toBe(join(slot.dir, 'prefix'));
    expect(lines).toEqual([]);
    expect(readlinkSync(prefix)).toBe(join(slot.dir, 'prefix'));
    expect(readFileSync(join(prefix, 'bin/mariadbd'))).toEqual(Buffer.alloc(1000, 1));
    expect(statSync(join(slot.dir, 'entry.json')).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });

  it('finds nothing for a key never saved', async () => {
    await saved(slotFor('a'), makePrefix('built'));
    const prefix = join(temp, 'p');
    expect(await reuseStored(slotFor('b'), prefix, recorder().logger)).toBeUndefined();
    expect(existsSync(prefix)).toBe(false);
  });

  it('a flipped byte in the stored server: one line naming the file, the entry dropped, nothing linked', async () => {
    const slot = slotFor('a');
    await saved(slot, makePrefix('built'));
    const binary = join(slot.dir, 'prefix/bin/mariadbd');
    const bytes = readFileSync(binary);
    bytes[500] = (bytes[500] ?? 0) ^ 0x10;
    writeFileSync(binary, bytes);
    const { logger, lines } = recorder();
    const prefix = join(temp, 'p');
    expect(await reuseStored(slot, prefix, logger)).toBeUndefined();
    expect(lines).toEqual([
      `the stored build ${slot.name} failed its checksum (bin/mariadbd changed): building again`,
    ]);
    expect(existsSync(slot.dir)).toBe(false);
    expect(existsSync(prefix)).toBe(false);
    expect(readdirSync(store.dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('an unreadable record counts as a failed checksum', async () => {
    const slot = slotFor('a');
    await saved(slot, makePrefix('built'));
    writeFileSync(join(slot.dir, 'entry.json'), '{');
    const { logger, lines } = recorder();
    expect(await reuseStored(slot, join(temp, 'p'), logger)).toBeUndefined();
    expect(lines).toEqual([
      `the stored build ${slot.name} failed its checksum (entry.json is not JSON): building again`,
    ]);
  });

  it('a second save of the same key keeps the first entry and leaves no copy behind', async () => {
    const slot = slotFor('a');
    await saved(slot, makePrefix('one'));
    const first = readFileSync(join(slot.dir, 'entry.json'), 'utf8');
    expect(await saveToStore(slot, makePrefix('two', 2000))).toBeUndefined();
    expect(readFileSync(join(slot.dir, 'entry.json'), 'utf8')).toBe(first);
    expect(readdirSync(store.dir).filter((name) => name !== 'store.lock')).toEqual([slot.name]);
  });

  it('saves the directory a symlinked prefix points to, not the link', async () => {
    const real = makePrefix('real');
    const link = join(temp, 'link');
    symlinkSync(real, link);
    const slot = slotFor('a');
    await saved(slot, link);
    expect(lstatSync(join(slot.dir, 'prefix')).isDirectory()).toBe(true);
    expect(readlinkSync(join(slot.dir, 'prefix/bin/mysqld'))).toBe('mariadbd');
  });

  it('says what it reused in one line', () => {
    const slot = slotFor('abc');
    expect(reuseLine(slot, '/w/base', '2026-11-25T12:34:56.789Z')).toBe(
      `reused /w/base from the store (MariaDB 10.11.18 at abc000000000, gcc 12.2.0, RelWithDebInfo, key ${slot.hash.slice(0, 12)}, built 2026-11-25 12:34 UTC)`,
    );
  });
});

describe('what --prefix may be when a stored build is linked there', () => {
  it.each([
    ['missing', (): void => undefined],
    [
      'an empty directory',
      (p: string): void => {
        mkdirSync(p);
      },
    ],
    [
      "a previous build's prefix",
      (p: string): void => {
        mkdirSync(join(p, 'bin'), { recursive: true });
        writeFileSync(join(p, 'build.json'), '{}');
      },
    ],
    [
      'a link to another stored build',
      (p: string): void => {
        symlinkSync('/nowhere/prefix', p);
      },
    ],
  ])('%s: replaced by the link', async (_, make) => {
    const slot = slotFor('a');
    await saved(slot, makePrefix('built'));
    const prefix = join(temp, 'target');
    make(prefix);
    expect(await reuseStored(slot, prefix, recorder().logger)).toBeDefined();
    expect(readlinkSync(prefix)).toBe(join(slot.dir, 'prefix'));
  });

  it.each([
    [
      'a directory of other files',
      (p: string): void => {
        mkdirSync(join(p, 'data'), { recursive: true });
      },
      /holds files but no build\.json, so no build made it/,
    ],
    [
      'a file',
      (p: string): void => {
        writeFileSync(p, 'x');
      },
      /is a file/,
    ],
  ])('%s: refused before the checksums, left as it is', async (_, make, message) => {
    const slot = slotFor('a');
    await saved(slot, makePrefix('built'));
    const prefix = join(temp, 'target');
    make(prefix);
    const reuse = reuseStored(slot, prefix, recorder().logger);
    await expect(reuse).rejects.toThrow(InputError);
    await expect(reuseStored(slot, prefix, recorder().logger)).rejects.toThrow(message);
    expect(lstatSync(prefix).isSymbolicLink()).toBe(false);
    expect(existsSync(slot.dir)).toBe(true);
  });
});

describe('releaseStoredPrefix', () => {
  it('removes a link to a stored prefix, so a build installs into a directory of its own', async () => {
    const slot = slotFor('a');
    await saved(slot, makePrefix('built'));
    const prefix = join(temp, 'p');
    await reuseStored(slot, prefix, recorder().logger);
    expect(releaseStoredPrefix(prefix)).toBe(true);
    expect(existsSync(prefix)).toBe(false);
    expect(existsSync(join(slot.dir, 'prefix/bin/mariadbd'))).toBe(true);
  });

  it('removes a link left dangling by a dropped entry', () => {
    const prefix = join(temp, 'p');
    symlinkSync(join(store.dir, 'mariadb-x-0123456789ab/prefix'), prefix);
    expect(releaseStoredPrefix(prefix)).toBe(true);
    expect(lstatSync(prefix, { throwIfNoEntry: false })).toBeUndefined();
  });

  it('leaves a directory, and a link the store did not make', () => {
    const real = makePrefix('real');
    const link = join(temp, 'link');
    symlinkSync(real, link);
    expect(releaseStoredPrefix(real)).toBe(false);
    expect(releaseStoredPrefix(link)).toBe(false);
    expect(releaseStoredPrefix(join(temp, 'missing'))).toBe(false);
    expect(readlinkSync(link)).toBe(real);
  });
});

describe('eviction', () => {
  it('drops the least recently used entries until the store fits, never the one just saved', async () => {
    const small = { ...store, maxBytes: 2500 };
    const [a, b, c] = ['a', 'b', 'c'].map((commit) => slotFor(commit, small)) as [
      StoreSlot,
      StoreSlot,
      StoreSlot,
    ];
    await saved(a, makePrefix('a'));
    await saved(b, makePrefix('b'));
    utimesSync(join(a.dir, 'entry.json'), new Date(3000), new Date(3000));
    utimesSync(join(b.dir, 'entry.json'), new Date(2000), new Date(2000));
    const outcome = await saveToStore(c, makePrefix('c'));
    expect(outcome?.dropped).toEqual([b.name]);
    expect(
      listEntries(small.dir)
        .map((entry) => entry.name)
        .sort(),
    ).toEqual([a.name, c.name].sort());

    const huge = slotFor('d', { ...small, maxBytes: 10 });
    expect((await saveToStore(huge, makePrefix('d', 5000)))?.dropped.toSorted()).toEqual(
      [a.name, c.name].sort(),
    );
    expect(listEntries(small.dir).map((entry) => entry.name)).toEqual([huge.name]);
  });

  it('keeps an entry a prefix of this process links to, however old', async () => {
    const small = { ...store, maxBytes: 1100 };
    const a = slotFor('a', small);
    await saved(a, makePrefix('a'));
    const prefix = join(temp, 'linked');
    await reuseStored(a, prefix, recorder().logger);
    utimesSync(join(a.dir, 'entry.json'), new Date(1000), new Date(1000));
    const b = slotFor('b', small);
    expect((await saveToStore(b, makePrefix('b')))?.dropped).toEqual([]);
    releaseStoredPrefix(prefix);
    const c = slotFor('c', small);
    expect((await saveToStore(c, makePrefix('c')))?.dropped.toSorted()).toEqual([a.name, b.name].sort());
  });

  it('removes what a save of a dead process left, not what a live one is writing', async () => {
    mkdirSync(join(store.dir, `.saving-${os.hostname()}-999999999-0123abcd/prefix`), { recursive: true });
    const live = `.saving-${os.hostname()}-${process.pid}-0123abcd`;
    mkdirSync(join(store.dir, live));
    await saved(slotFor('a'), makePrefix('a'));
    expect(readdirSync(store.dir).filter((name) => name.startsWith('.'))).toEqual([live]);
  });
});

describe('storeSlot', () => {
  const plan = (overrides: Partial<BuildPlan> = {}): BuildPlan => ({
    tree: { flavor: 'mariadb', version: '10.11.18', root: '/src/mariadb' },
    compiler: {
      cc: '/usr/bin/gcc',
      cxx: '/usr/bin/g++',
      id: 'gcc',
      version: '12.2.0',
      versionLine: 'gcc 12.2.0',
    },
    prefix: '/w/p',
    buildDir: '/w/p.build',
    confinement: UNCONFINED,
    buildType: 'RelWithDebInfo',
    targets: [],
    install: 'all',
    jobs: 2,
    ccache: { reason: 'off' },
    toolEnv: {},
    args: ['-DCMAKE_INSTALL_PREFIX=/w/p'],
    names: CLI_NAMES,
    ...overrides,
  });
  const clean = { commit: '0123456789abcdef0123456789abcdef01234567', dirty: false };

  it('places a clean build in the store by its key', () => {
    const slot = storeSlot({ dir: '/s', maxBytes: 1 }, plan(), clean, recorder().logger);
    expect(slot?.dir).toBe(`/s/${slot?.name ?? ''}`);
    expect(slot?.name).toMatch(/^mariadb-10\.11\.18-gcc-12\.2\.0-RelWithDebInfo-[0-9a-f]{12}$/);
  });

  it('says in one line why a build of local changes is not stored', () => {
    const { logger, lines } = recorder();
    expect(storeSlot({ dir: '/s', maxBytes: 1 }, plan(), { ...clean, dirty: true }, logger)).toBeUndefined();
    expect(lines).toEqual([
      'not using the store /s: /src/mariadb has local changes, which commit 0123456789ab does not hold',
    ]);
  });

  it.each([
    ['/w/p/store', /overlaps --prefix \/w\/p;/],
    ['/w', /overlaps --prefix \/w\/p;/],
    ['/w/p.build', /overlaps --build-dir/],
    ['/src/mariadb/store', /overlaps the source tree/],
  ])('refuses a store at %s', (dir, message) => {
    expect(() => storeSlot({ dir, maxBytes: 1 }, plan(), clean, recorder().logger)).toThrow(message);
  });
});
