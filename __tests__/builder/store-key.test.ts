// The store's key: what names a build (and what does not), why a build is not stored, the size
// cap and which entries eviction drops.
import {
  canonicalJson,
  entryName,
  evictionOrder,
  type KeyInput,
  keyHash,
  keySummary,
  parseSize,
  placeFree,
  type StoreKey,
  storeKey,
} from '../../src/builder/store-key.js';
import { InputError } from '../../src/errors.js';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

const INPUT: KeyInput = {
  tree: { flavor: 'mariadb', version: '10.11.18', root: '/src/mariadb' },
  compiler: { id: 'gcc', version: '12.2.0', versionLine: 'gcc (Debian 12.2.0-14+deb12u1) 12.2.0' },
  buildType: 'RelWithDebInfo',
  args: [
    '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
    '-DCMAKE_INSTALL_PREFIX=/work/base',
    '-DCMAKE_C_COMPILER=/usr/bin/gcc',
    '-DCMAKE_CXX_COMPILER=/usr/bin/g++',
    '-DCMAKE_C_FLAGS=-gdwarf-4',
    '-DCMAKE_C_COMPILER_LAUNCHER=ccache',
    '-DCMAKE_CXX_COMPILER_LAUNCHER=ccache',
    '-DWITH_LIBFMT=system',
  ],
  install: 'all',
  toolEnv: { PATH: '/usr/bin', HOME: '/root' },
  git: { commit: COMMIT, dirty: false },
};

function key(input: KeyInput = INPUT): StoreKey {
  const made = storeKey(input);
  if ('reason' in made) throw new Error(made.reason);
  return made;
}

describe('storeKey', () => {
  it('records the fields that decide the server, the places left out', () => {
    expect(key()).toEqual({
      flavor: 'mariadb',
      version: '10.11.18',
      commit: COMMIT,
      compiler: INPUT.compiler,
      buildType: 'RelWithDebInfo',
      cmakeOptions: [
        '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
        '-DCMAKE_C_FLAGS=-gdwarf-4',
        '-DWITH_LIBFMT=system',
      ],
      install: 'all',
      env: {},
      machine: process.arch,
    });
  });

  it('the same inputs give the same hash, whatever the order of their fields', () => {
    const reordered: KeyInput = { ...INPUT, toolEnv: { HOME: '/root', PATH: '/usr/bin' } };
    expect(keyHash(key(reordered))).toBe(keyHash(key()));
    expect(keyHash(key())).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each<[string, Partial<KeyInput>]>([
    ['the commit', { git: { commit: COMMIT.replace('0', 'f'), dirty: false } }],
    ['the flavor', { tree: { ...INPUT.tree, flavor: 'mysql' } }],
    ['the version', { tree: { ...INPUT.tree, version: '10.11.19' } }],
    ['the compiler family', { compiler: { ...INPUT.compiler, id: 'clang' } }],
    ['the compiler version', { compiler: { ...INPUT.compiler, version: '12.3.0' } }],
    [
      "the compiler's --version line (a distribution's patch)",
      { compiler: { ...INPUT.compiler, versionLine: 'gcc (Debian 12.2.0-14) 12.2.0' } },
    ],
    ['the build type', { buildType: 'Release' }],
    ['a CMake option', { args: [...INPUT.args, '-DPLUGIN_ROCKSDB=YES'] }],
    ['the order of CMake options (the last -D wins)', { args: [...INPUT.args].reverse() }],
    ['what is installed', { install: { components: ['Server', 'SharedLibraries'] } }],
    ['LDFLAGS in the environment', { toolEnv: { ...INPUT.toolEnv, LDFLAGS: '-fuse-ld=lld' } }],
    ['the CPU architecture (a store shared by amd64 and arm64 runners)', { machine: 'arm64' }],
  ])('%s changes the hash', (_, change) => {
    expect(keyHash(key({ ...INPUT, ...change }))).not.toBe(keyHash(key()));
  });

  it.each<[string, Partial<KeyInput>]>([
    ['the install prefix', { args: INPUT.args.map((arg) => arg.replace('/work/base', '/work/head')) }],
    ['the compilers’ paths', { args: INPUT.args.map((arg) => arg.replace('/usr/bin/', '/opt/gcc/bin/')) }],
    ['ccache', { args: INPUT.args.filter((arg) => !arg.includes('LAUNCHER')) }],
    ['the tree’s path', { tree: { ...INPUT.tree, root: '/elsewhere/mariadb' } }],
    ['the rest of the environment', { toolEnv: { PATH: '/bin', CCACHE_DIR: '/c' } }],
  ])('%s does not change the hash', (_, change) => {
    expect(keyHash(key({ ...INPUT, ...change }))).toBe(keyHash(key()));
  });

  it("writes the tree's path in options as <source>, so two checkouts of a commit share a key", () => {
    expect(
      placeFree(['-DWITH_BOOST=/src/mysql/boost', '-DX=/src/mysql', '-DY=/src/mysql2/z'], '/src/mysql'),
    ).toEqual(['-DWITH_BOOST=<source>/boost', '-DX=<source>', '-DY=/src/mysql2/z']);
  });

  it.each<[string, Partial<KeyInput>, RegExp]>([
    [
      'local changes',
      { git: { commit: COMMIT, dirty: true } },
      /\/src\/mariadb has local changes, which commit 0123456789ab does not hold/,
    ],
    ['no git', { git: { commit: null, dirty: null } }, /\/src\/mariadb is not the top of a git checkout/],
    ['a state git could not tell', { git: { commit: COMMIT, dirty: null } }, /could not tell/],
    ['targets alone', { install: 'none' }, /^a build of chosen targets installs nothing to keep$/],
  ])('is not made for %s, with the reason', (_, change, reason) => {
    const made = storeKey({ ...INPUT, ...change });
    expect(made).toEqual({ reason: expect.stringMatching(reason) as unknown });
  });
});

describe('names and lines', () => {
  it('names the entry by its readable fields and the hash', () => {
    const hash = keyHash(key());
    expect(entryName(key(), hash)).toBe(`mariadb-10.11.18-gcc-12.2.0-RelWithDebInfo-${hash.slice(0, 12)}`);
    expect(entryName({ ...key(), version: '8.0.35-27 x/y' }, hash)).toMatch(/^mariadb-8\.0\.35-27_x_y-gcc/);
  });

  it('summarizes the key in one phrase', () => {
    const hash = keyHash(key());
    expect(keySummary(key(), hash)).toBe(
      `MariaDB 10.11.18 at 0123456789ab, gcc 12.2.0, RelWithDebInfo, key ${hash.slice(0, 12)}`,
    );
  });

  it('writes JSON with sorted keys', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: null }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":null,"d":2}]}');
  });
});

describe('parseSize', () => {
  it.each([
    ['20G', 20 * 2 ** 30],
    ['500M', 500 * 2 ** 20],
    ['1.5T', 1.5 * 2 ** 40],
    ['64k', 64 * 1024],
    ['2GiB', 2 * 2 ** 30],
    ['1000', 1000],
  ])('%s is %d bytes', (text, bytes) => {
    expect(parseSize(text, '--store-size')).toBe(bytes);
  });

  it.each(['', 'G', '20X', '-1G', '0', 'lots'])('refuses %j, naming the flag', (text) => {
    expect(() => parseSize(text, '--store-size')).toThrow(InputError);
    expect(() => parseSize(text, '--store-size')).toThrow(
      new RegExp(`^--store-size ${text}: expected a size such as 20G or 500M`),
    );
  });
});

describe('evictionOrder', () => {
  const entries = [
    { name: 'new', bytes: 300, usedMs: 4000 },
    { name: 'old', bytes: 300, usedMs: 1000 },
    { name: 'middle', bytes: 300, usedMs: 2000 },
    { name: 'recent', bytes: 300, usedMs: 3000 },
  ];

  it('drops the least recently used first, until the rest fit', () => {
    expect(evictionOrder(entries, 700, new Set())).toEqual(['old', 'middle']);
    expect(evictionOrder(entries, 600, new Set())).toEqual(['old', 'middle']);
    expect(evictionOrder(entries, 599, new Set())).toEqual(['old', 'middle', 'recent']);
  });

  it('drops nothing when the store fits', () => {
    expect(evictionOrder(entries, 1200, new Set())).toEqual([]);
  });

  it('never drops a kept entry, even the oldest, even when it alone is over the cap', () => {
    expect(evictionOrder(entries, 700, new Set(['old']))).toEqual(['middle', 'recent']);
    expect(evictionOrder(entries, 100, new Set(['old']))).toEqual(['middle', 'recent', 'new']);
  });
});
