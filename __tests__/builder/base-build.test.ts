// A fork's build started from the trusted base's build: the base's directory checked before it is
// used, its copy made without touching it, and the tree's file times set so that ninja runs only
// what differs from the base's tree. Real files, real `cp`, real links.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { alignTimes, baseCopyLine, copyBaseBuild, readBaseBuild } from '../../src/builder/base-build.js';
import { toolPath } from '../../src/builder/build-plan.js';
import { sandboxArgs } from '../../src/shell/sandbox.js';

const NAMES = { 'base-build-dir': '--base-build-dir', compiler: '--compiler' };
const COMPILER = { cc: '/usr/bin/gcc-12', cxx: '/usr/bin/g++-12' };
const LONG_AGO = new Date('2020-01-02T03:04:05Z');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'base-build-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function cache(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `${name}:INTERNAL=${value}\n`)
    .join('');
}

function baseDir(fields: Record<string, string> = {}): string {
  const build = join(dir, 'base.build');
  mkdirSync(build, { recursive: true });
  writeFileSync(
    join(build, 'CMakeCache.txt'),
    cache({
      CMAKE_HOME_DIRECTORY: join(dir, 'base'),
      CMAKE_GENERATOR: 'Ninja',
      CMAKE_C_COMPILER: COMPILER.cc,
      CMAKE_CXX_COMPILER: COMPILER.cxx,
      ...fields,
    }),
  );
  return build;
}

describe('readBaseBuild', () => {
  it('takes a Ninja build of the same compilers and gives the tree it was configured from', async () => {
    const build = baseDir();
    await expect(readBaseBuild(build, COMPILER, NAMES)).resolves.toEqual({
      dir: build,
      root: join(dir, 'base'),
    });
  });

  it.each([
    ['a missing directory', () => join(dir, 'nowhere'), /--base-build-dir .*nowhere: not a directory/],
    [
      'a link to a build directory',
      () => {
        symlinkSync(baseDir(), join(dir, 'link'));
        return join(dir, 'link');
      },
      /not a directory \(a link is not followed\)/,
    ],
    [
      'a directory without a CMake cache',
      () => {
        mkdirSync(join(dir, 'empty'));
        return join(dir, 'empty');
      },
      /no CMakeCache\.txt there/,
    ],
    [
      'another generator',
      () => baseDir({ CMAKE_GENERATOR: 'Unix Makefiles' }),
      /configured for Unix Makefiles, not Ninja/,
    ],
    [
      'another compiler',
      () => baseDir({ CMAKE_CXX_COMPILER: '/usr/bin/clang++-14' }),
      /built with the C\+\+ compiler \/usr\/bin\/clang\+\+-14, not \/usr\/bin\/g\+\+-12; build the head with the base's --compiler/,
    ],
    ['no source tree', () => baseDir({ CMAKE_HOME_DIRECTORY: '' }), /names no source tree/],
    [
      'a build inside its own tree',
      () => {
        const build = baseDir({ CMAKE_HOME_DIRECTORY: dir });
        return build;
      },
      /lies in its source tree/,
    ],
  ])('refuses %s in one line', async (_what, make, message) => {
    const error = await readBaseBuild(make(), COMPILER, NAMES).catch((caught: unknown) => caught as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('alignTimes', () => {
  function trees(): { head: string; base: string } {
    const base = join(dir, 'base');
    const head = join(dir, 'head');
    for (const root of [base, head]) mkdirSync(join(root, 'sql'), { recursive: true });
    for (const [name, text] of [
      ['sql/same.cc', 'int same;\n'],
      ['sql/changed.cc', 'int changed;\n'],
      ['sql/gone.cc', 'int gone;\n'],
    ] as const) {
      writeFileSync(join(base, name), text);
      utimesSync(join(base, name), LONG_AGO, LONG_AGO);
    }
    writeFileSync(join(head, 'sql/same.cc'), 'int same;\n');
    writeFileSync(join(head, 'sql/changed.cc'), 'int changed = 1;\n');
    writeFileSync(join(head, 'sql/new.cc'), 'int fresh;\n');
    return { head, base };
  }

  it("gives files identical to the base's its times and every other file now", async () => {
    const { head, base } = trees();
    // The head checked out long before the base was built: its changed file must still be newer.
    utimesSync(join(head, 'sql/changed.cc'), new Date('2019-01-01'), new Date('2019-01-01'));
    const before = Date.now();
    const result = await alignTimes(head, base);
    expect(result).toEqual({ same: 1, changed: ['sql/changed.cc', 'sql/new.cc'], relinked: [] });
    expect(lstatSync(join(head, 'sql/same.cc')).mtime.getTime()).toBe(LONG_AGO.getTime());
    for (const name of ['sql/changed.cc', 'sql/new.cc']) {
      expect(lstatSync(join(head, name)).mtimeMs).toBeGreaterThanOrEqual(before - 1000);
    }
    // The base's tree is read, never touched.
    expect(lstatSync(join(base, 'sql/changed.cc')).mtime.getTime()).toBe(LONG_AGO.getTime());
  });

  it("finds every link unlike the base's, a file's or a directory's, without following it", async () => {
    const { head, base } = trees();
    for (const root of [head, base]) {
      writeFileSync(join(root, 'sql/x.h'), 'int x;\n');
      writeFileSync(join(root, 'sql/y.h'), 'int y;\n');
      symlinkSync('x.h', join(root, 'sql/kept.h'));
    }
    symlinkSync('x.h', join(base, 'sql/moved.h'));
    // The fork points it at another unchanged, older file: no time ninja reads changes.
    symlinkSync('y.h', join(head, 'sql/moved.h'));
    symlinkSync('sql', join(head, 'new-dir-link'));
    writeFileSync(join(base, 'sql/was-a-file.h'), 'int x;\n');
    symlinkSync('x.h', join(head, 'sql/was-a-file.h'));
    const result = await alignTimes(head, base);
    expect(result.relinked).toEqual(['new-dir-link', 'sql/moved.h', 'sql/was-a-file.h']);
    expect(result.changed).toEqual(['sql/changed.cc', 'sql/new.cc']);
  });

  it("names the tree's files printable, and says a changed link makes the build start from nothing", () => {
    const line = baseCopyLine({ dir: '/b/base.build', root: '/b/src' }, '/pr/head.build', {
      seconds: 1.25,
      same: 3,
      changed: ['sql/a\n::error::forged.cc', 'sql/\u001b[31mred.cc'],
      relinked: ['include/my_config.h'],
    });
    expect(line).not.toContain('\n');
    expect(line).not.toContain('\u001b');
    expect(line).toContain('2 changed or new (sql/a');
    expect(line).toContain("1 links of the tree are not the base's (include/my_config.h)");
    expect(line).toContain('this build starts from nothing');
  });

  it("counts neither a checkout's .git directory nor a worktree's .git file", async () => {
    const { head, base } = trees();
    mkdirSync(join(head, '.git'));
    writeFileSync(join(head, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    mkdirSync(join(head, 'storage'));
    writeFileSync(join(head, 'storage', '.git'), 'gitdir: /elsewhere/.git/worktrees/head\n');
    const result = await alignTimes(head, base);
    expect(result).toEqual({ same: 1, changed: ['sql/changed.cc', 'sql/new.cc'], relinked: [] });
  });

  it('never follows a link in the tree, to a file or a directory', async () => {
    const { head, base } = trees();
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'secret'), 'int same;\n');
    utimesSync(join(outside, 'secret'), LONG_AGO, LONG_AGO);
    symlinkSync(join(outside, 'secret'), join(head, 'sql/link.cc'));
    symlinkSync(outside, join(head, 'linked-dir'));
    writeFileSync(join(base, 'sql/link.cc'), 'int same;\n');
    const result = await alignTimes(head, base);
    expect(result.changed).not.toContain('sql/link.cc');
    expect(result.changed.some((name) => name.startsWith('linked-dir'))).toBe(false);
    expect(lstatSync(join(outside, 'secret')).mtime.getTime()).toBe(LONG_AGO.getTime());
  });
});

describe('copyBaseBuild', () => {
  it("replaces the pull request's directory by a copy, keeping the base's times and leaving it as it was", async () => {
    const build = baseDir();
    mkdirSync(join(build, 'sql'));
    writeFileSync(join(build, 'sql/same.o'), 'object');
    utimesSync(join(build, 'sql/same.o'), LONG_AGO, LONG_AGO);
    const root = join(dir, 'head');
    mkdirSync(root);
    writeFileSync(join(root, 'a.cc'), 'x');
    mkdirSync(join(dir, 'base'));
    const own = join(dir, 'pr.build');
    mkdirSync(own);
    writeFileSync(join(own, 'stale'), 'from the last push');
    const copy = await copyBaseBuild({ dir: build, root: join(dir, 'base') }, own, root);
    expect(existsSync(join(own, 'stale'))).toBe(false);
    expect(readFileSync(join(own, 'sql/same.o'), 'utf8')).toBe('object');
    expect(lstatSync(join(own, 'sql/same.o')).mtime.getTime()).toBe(LONG_AGO.getTime());
    // A copy, not a hard link: writing it leaves the trusted file as it was.
    expect(lstatSync(join(own, 'sql/same.o')).ino).not.toBe(lstatSync(join(build, 'sql/same.o')).ino);
    writeFileSync(join(own, 'sql/same.o'), 'written by the untrusted build');
    expect(readFileSync(join(build, 'sql/same.o'), 'utf8')).toBe('object');
    expect(copy.changed).toEqual(['a.cc']);
    expect(baseCopyLine({ dir: build, root: join(dir, 'base') }, own, copy)).toMatch(
      /^started from the trusted base's build: .*base\.build copied to .*pr\.build in \d+\.\d s; 0 files of the tree as the base's, 1 changed or new \(a\.cc\)$/,
    );
  });
});

describe('copyBaseBuild with a link changed', () => {
  it('makes no copy: the build starts from nothing', async () => {
    const build = baseDir();
    writeFileSync(join(build, 'object.o'), 'object');
    const [root, baseRoot] = [join(dir, 'head'), join(dir, 'base')];
    for (const tree of [root, baseRoot]) {
      mkdirSync(tree);
      writeFileSync(join(tree, 'a.h'), 'a');
      writeFileSync(join(tree, 'b.h'), 'b');
    }
    symlinkSync('a.h', join(baseRoot, 'config.h'));
    symlinkSync('b.h', join(root, 'config.h'));
    const own = join(dir, 'pr.build');
    const copy = await copyBaseBuild({ dir: build, root: baseRoot }, own, root);
    expect(copy.relinked).toEqual(['config.h']);
    expect(existsSync(own)).toBe(false);
    expect(readFileSync(join(build, 'object.o'), 'utf8')).toBe('object');
  });
});

describe('toolPath', () => {
  it("shows a path of the tree under the base's tree's path when the build starts from the base's", () => {
    expect(toolPath('/runner/pr/src/extra/boost', '/runner/pr/src', { root: '/work/base' })).toBe(
      '/work/base/extra/boost',
    );
    expect(toolPath('/runner/pr/src/extra/boost', '/runner/pr/src', undefined)).toBe(
      '/runner/pr/src/extra/boost',
    );
  });
});

describe("the sandbox at the base's paths", () => {
  it('binds the copy and the tree at the paths the base was built at, read-only for the tree', () => {
    const args = sandboxArgs(
      {
        writable: [{ from: '/runner/pr-1/head.build', at: '/work/base.build' }, '/runner/pr-1/head'],
        readable: [{ from: '/runner/pr-1/src', at: '/work/src' }],
      },
      () => ({ kind: 'dir' }),
    );
    const joined = args.join(' ');
    expect(joined).toContain('--ro-bind /runner/pr-1/src /work/src');
    expect(joined).toContain('--bind /runner/pr-1/head.build /work/base.build');
    expect(joined).toContain('--bind /runner/pr-1/head /runner/pr-1/head');
    // The trusted directories themselves are never bound.
    expect(args.filter((arg) => arg === '/work/base.build')).toHaveLength(1);
  });
});
