import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  BUILD_INFO_FILE,
  effectiveFlags,
  gitState,
  parseCmakeCache,
  readBuildInfo,
  writeBuildInfo,
} from '../../src/server/build-info.js';
import { InputError } from '../../src/errors.js';
import { BuildInfo } from '../../src/results/results-schema.js';
import { gccBuild } from '../helpers/build-info.js';

// Lines of the CMakeCache.txt of MariaDB 10.11.18 configured with gcc-12 and the Ninja generator
// (CMake 3.25), with the comments and section headers around them.
const CMAKE_CACHE = `# This is the CMakeCache file.
# For build in directory: /work/build/obj-gcc
# KEY:TYPE=VALUE
# TYPE is a hint to GUIs for the type of VALUE, DO NOT EDIT TYPE!.

########################
# EXTERNAL cache entries
########################

//Choose the type of build, options are: None Debug Release RelWithDebInfo
// MinSizeRel ...
CMAKE_BUILD_TYPE:STRING=RelWithDebInfo

//CXX compiler
CMAKE_CXX_COMPILER:FILEPATH=/usr/bin/g++-12

//Flags used by the CXX compiler during all build types.
CMAKE_CXX_FLAGS:STRING=-gdwarf-4

//Flags used by the CXX compiler during DEBUG builds.
CMAKE_CXX_FLAGS_DEBUG:STRING=-g

//Flags used by the CXX compiler during RELEASE builds.
CMAKE_CXX_FLAGS_RELEASE:STRING=-O3 -DNDEBUG

//Flags used by the CXX compiler during RELWITHDEBINFO builds.
CMAKE_CXX_FLAGS_RELWITHDEBINFO:STRING=-O2 -g -DNDEBUG

//C compiler
CMAKE_C_COMPILER:FILEPATH=/usr/bin/gcc-12

//Flags used by the C compiler during all build types.
CMAKE_C_FLAGS:STRING=-gdwarf-4

//Flags used by the C compiler during DEBUG builds.
CMAKE_C_FLAGS_DEBUG:STRING=-g

//Flags used by the C compiler during RELWITHDEBINFO builds.
CMAKE_C_FLAGS_RELWITHDEBINFO:STRING=-O2 -g -DNDEBUG

//Flags used by the linker during all build types.
CMAKE_EXE_LINKER_FLAGS:STRING=

//Build with non-uniform memory access, allowing --innodb-numa-interleave.
// Options are ON|OFF|AUTO. ON = enabled (requires NUMA library),
// OFF = disabled, AUTO = enabled if NUMA library found.
WITH_NUMA:STRING=AUTO

########################
# INTERNAL cache entries
########################

//Have includes bfd.h
BFD_H_EXISTS:INTERNAL=
//ADVANCED property for variable: CMAKE_CXX_FLAGS
CMAKE_CXX_FLAGS-ADVANCED:INTERNAL=1
CMAKE_GENERATOR:INTERNAL=Ninja
CMAKE_HOME_DIRECTORY:INTERNAL=/work/build/mariadb-10.11.18
NCURSES_CFLAGS:INTERNAL=-D_DEFAULT_SOURCE;-D_XOPEN_SOURCE=600
`;

let temp: string;
beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), 'fingerprint-test-'));
});
afterEach(async () => {
  await rm(temp, { recursive: true, force: true });
});

describe('parseCmakeCache', () => {
  const entries = parseCmakeCache(CMAKE_CACHE);

  it('reads NAME:TYPE=VALUE entries without their type', () => {
    expect(entries.get('CMAKE_BUILD_TYPE')).toBe('RelWithDebInfo');
    expect(entries.get('CMAKE_C_COMPILER')).toBe('/usr/bin/gcc-12');
    expect(entries.get('CMAKE_CXX_FLAGS_RELWITHDEBINFO')).toBe('-O2 -g -DNDEBUG');
    expect(entries.get('CMAKE_GENERATOR')).toBe('Ninja');
    expect(entries.get('CMAKE_HOME_DIRECTORY')).toBe('/work/build/mariadb-10.11.18');
    expect(entries.get('CMAKE_CXX_FLAGS-ADVANCED')).toBe('1');
  });

  it('keeps "=" signs inside a value', () => {
    expect(entries.get('NCURSES_CFLAGS')).toBe('-D_DEFAULT_SOURCE;-D_XOPEN_SOURCE=600');
    expect(parseCmakeCache('OPTS:STRING=a=b = c\n').get('OPTS')).toBe('a=b = c');
  });

  it('keeps empty values as empty strings', () => {
    expect(entries.get('BFD_H_EXISTS')).toBe('');
    expect(entries.get('CMAKE_EXE_LINKER_FLAGS')).toBe('');
    expect(entries.has('BFD_H_EXISTS')).toBe(true);
  });

  it('skips "//" and "#" comments, including ones that contain "="', () => {
    expect(entries.size).toBe(17);
    for (const name of entries.keys()) expect(name).toMatch(/^[A-Z][A-Z0-9_-]*$/);
    expect(parseCmakeCache('// ON = enabled\n# KEY:TYPE=VALUE\n  INDENTED:STRING=x\n').size).toBe(0);
  });

  it('reads an entry without a type', () => {
    expect(parseCmakeCache('PLAIN=value').get('PLAIN')).toBe('value');
  });

  it('lets a later entry of the same name win', () => {
    expect(parseCmakeCache('A:STRING=1\nA:STRING=2\n').get('A')).toBe('2');
  });
});

describe('effectiveFlags', () => {
  it('joins the flags for all build types and those of the build type with one space', () => {
    expect(effectiveFlags(CMAKE_CACHE, 'RelWithDebInfo')).toEqual({
      c: '-gdwarf-4 -O2 -g -DNDEBUG',
      cxx: '-gdwarf-4 -O2 -g -DNDEBUG',
    });
  });

  it('upper-cases the build type to find its flags', () => {
    expect(effectiveFlags(CMAKE_CACHE, 'Debug')).toEqual({ c: '-gdwarf-4 -g', cxx: '-gdwarf-4 -g' });
    expect(effectiveFlags(CMAKE_CACHE, 'debug')).toEqual({ c: '-gdwarf-4 -g', cxx: '-gdwarf-4 -g' });
  });

  it('drops a part that is missing, empty or blank, and trims the others', () => {
    // No CMAKE_C_FLAGS_RELEASE in the sample: C has only the common flags.
    expect(effectiveFlags(CMAKE_CACHE, 'Release')).toEqual({ c: '-gdwarf-4', cxx: '-gdwarf-4 -O3 -DNDEBUG' });
    const cache = [
      'CMAKE_C_FLAGS:STRING=',
      'CMAKE_C_FLAGS_RELEASE:STRING=  -O3  ',
      'CMAKE_CXX_FLAGS:STRING= -march=native ',
      'CMAKE_CXX_FLAGS_RELEASE:STRING=   ',
    ].join('\n');
    expect(effectiveFlags(cache, 'Release')).toEqual({ c: '-O3', cxx: '-march=native' });
  });

  it('is empty for a cache without flags', () => {
    expect(effectiveFlags('# nothing\n', 'RelWithDebInfo')).toEqual({ c: '', cxx: '' });
  });
});

/** A build from a clean git checkout, through ccache: the second round trip has neither. */
function buildInfo(): BuildInfo {
  return gccBuild({
    source: {
      root: '/srv/src/mariadb-10.11.18',
      gitCommit: '0123456789abcdef0123456789abcdef01234567',
      gitDirty: false,
    },
    ccache: {
      used: true,
      dir: '/root/.cache/ccache',
      version: '4.7.5',
      hits: 10,
      misses: 1280,
      uncacheable: 96,
    },
  });
}

describe('writeBuildInfo and readBuildInfo', () => {
  it('write build.json into the prefix and read the same description back', async () => {
    const info = buildInfo();
    expect(BuildInfo.parse(info)).toEqual(info);
    const path = await writeBuildInfo(temp, info);
    expect(path).toBe(join(temp, 'build.json'));
    expect(BUILD_INFO_FILE).toBe('build.json');
    const text = await readFile(path, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(info);
    await expect(readBuildInfo(temp)).resolves.toEqual(info);
  });

  it('round-trip a build without ccache and without a git checkout', async () => {
    const info = gccBuild({
      source: { root: '/src', gitCommit: null, gitDirty: null },
      ccache: { used: false, reason: 'turned off (--ccache off)' },
      targets: ['mariadbd'],
    });
    await writeBuildInfo(temp, info);
    await expect(readBuildInfo(temp)).resolves.toEqual(info);
  });

  it('refuse to write a description that does not match the schema', async () => {
    const bad = { ...buildInfo(), jobs: 0 };
    await expect(writeBuildInfo(temp, bad)).rejects.toThrow();
    await expect(readBuildInfo(temp)).resolves.toBeUndefined();
  });

  it('read nothing from a prefix without build.json', async () => {
    await expect(readBuildInfo(temp)).resolves.toBeUndefined();
    await expect(readBuildInfo(join(temp, 'no-such-prefix'))).resolves.toBeUndefined();
  });

  it('say a build.json that is not JSON is not JSON, naming the file', async () => {
    await writeFile(join(temp, 'build.json'), '{"format": "mysql-perf-gate-build/1",');
    const error: unknown = await readBuildInfo(temp).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(
      new RegExp(`^${join(temp, 'build.json')} is not JSON \\(.+\\); rebuild the server or delete it$`),
    );
  });

  it('name the field of a build.json of the wrong shape', async () => {
    const info = buildInfo();
    await writeFile(
      join(temp, 'build.json'),
      JSON.stringify({ ...info, compiler: { ...info.compiler, id: 'icc' } }),
    );
    const error: unknown = await readBuildInfo(temp).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).toContain(
      `${join(temp, 'build.json')} is not a build description this version understands (compiler.id: `,
    );
    expect(message).toContain('"gcc"');
    expect(message).toMatch(/; rebuild the server or delete it$/);
  });

  it('name a missing field and an unknown format', async () => {
    const withoutFlags: Partial<BuildInfo> = buildInfo();
    delete withoutFlags.flags;
    await writeFile(join(temp, 'build.json'), JSON.stringify(withoutFlags));
    await expect(readBuildInfo(temp)).rejects.toThrow(/understands \(flags: /);
    await writeFile(
      join(temp, 'build.json'),
      JSON.stringify({ ...buildInfo(), format: 'mysql-perf-gate-build/2' }),
    );
    await expect(readBuildInfo(temp)).rejects.toThrow(/understands \(format: /);
  });

  it('pass on errors other than a missing file', async () => {
    await mkdir(join(temp, 'build.json'));
    await expect(readBuildInfo(temp)).rejects.toThrow('is not a regular file');
  });
});

describe('gitState', () => {
  const git = (cwd: string, ...args: string[]): string =>
    execFileSync(
      'git',
      ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', '-c', 'commit.gpgsign=false', ...args],
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    ).trim();

  async function repository(): Promise<string> {
    const root = join(temp, 'repo');
    await mkdir(join(root, 'sql'), { recursive: true });
    git(root, 'init', '--quiet');
    await writeFile(join(root, 'CMakeLists.txt'), 'project(MySQL)\n');
    await writeFile(join(root, 'sql', 'main.cc'), 'int main() {}\n');
    git(root, 'add', '.');
    git(root, 'commit', '--quiet', '-m', 'initial');
    return root;
  }

  it('is null for a directory that is not in a repository', async () => {
    await expect(gitState(temp)).resolves.toEqual({ commit: null, dirty: null });
  });

  it('is null for a directory that does not exist', async () => {
    await expect(gitState(join(temp, 'gone'))).resolves.toEqual({ commit: null, dirty: null });
  });

  it('is null for a repository without a commit', async () => {
    git(temp, 'init', '--quiet');
    await expect(gitState(temp)).resolves.toEqual({ commit: null, dirty: null });
  });

  it('gives the HEAD commit of a clean checkout', async () => {
    const root = await repository();
    const state = await gitState(root);
    expect(state).toEqual({ commit: git(root, 'rev-parse', 'HEAD'), dirty: false });
    expect(state.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('accepts the root with a trailing slash', async () => {
    const root = await repository();
    await expect(gitState(`${root}/`)).resolves.toEqual({
      commit: git(root, 'rev-parse', 'HEAD'),
      dirty: false,
    });
  });

  it('is dirty when a tracked file was modified, and not for an untracked one', async () => {
    const root = await repository();
    await writeFile(join(root, 'untracked.txt'), 'new\n');
    await expect(gitState(root)).resolves.toMatchObject({ dirty: false });
    await writeFile(join(root, 'sql', 'main.cc'), 'int main() { return 1; }\n');
    await expect(gitState(root)).resolves.toEqual({ commit: git(root, 'rev-parse', 'HEAD'), dirty: true });
  });

  it('is null for a tree inside a repository, which is not a checkout of that commit', async () => {
    const root = await repository();
    await expect(gitState(join(root, 'sql'))).resolves.toEqual({ commit: null, dirty: null });
  });

  it('gives the commit when the checkout is reached through a symlink', async () => {
    const root = await repository();
    const link = join(temp, 'link');
    await symlink(root, link);
    await expect(gitState(link)).resolves.toEqual({ commit: git(root, 'rev-parse', 'HEAD'), dirty: false });
  });
});
