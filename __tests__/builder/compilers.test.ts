import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  compilersOnPath,
  parseVersionLine,
  resolveCompiler,
  splitSpec,
} from '../../src/builder/compilers.js';
import { DependencyError, InputError } from '../../src/errors.js';

// This machine has gcc-12/g++-12 (also as gcc/g++) and clang-14/clang++-14 (also as clang/clang++).
const GCC = {
  id: 'gcc',
  version: '12.2.0',
  versionLine: expect.stringMatching(/^gcc(-12)? \(.*\) 12\.2\.0$/) as unknown,
};
const CLANG = {
  id: 'clang',
  version: '14.0.6',
  versionLine: expect.stringMatching(/clang version 14\.0\.6/) as unknown,
};

describe('splitSpec', () => {
  it.each([
    ['gcc', 'gcc', 'g++'],
    ['gcc-12', 'gcc-12', 'g++-12'],
    ['clang', 'clang', 'clang++'],
    ['clang-16', 'clang-16', 'clang++-16'],
    ['/usr/bin/gcc-12', '/usr/bin/gcc-12', '/usr/bin/g++-12'],
    ['/opt/llvm/bin/clang', '/opt/llvm/bin/clang', '/opt/llvm/bin/clang++'],
    ['x86_64-linux-gnu-gcc-12', 'x86_64-linux-gnu-gcc-12', 'x86_64-linux-gnu-g++-12'],
    ['gcc-12:g++-12', 'gcc-12', 'g++-12'],
  ])('%s → %s and %s', (spec, cc, cxx) => {
    expect(splitSpec(spec)).toEqual([cc, cxx]);
  });

  it.each(['icc', 'gcc-12:', ':g++', 'a:b:c'])('refuses %s', (spec) => {
    expect(() => splitSpec(spec)).toThrow(InputError);
  });
});

describe('parseVersionLine', () => {
  it.each([
    ['gcc-12 (Debian 12.2.0-14+deb12u1) 12.2.0', 'gcc', '12.2.0'],
    ['g++ (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0', 'gcc', '11.4.0'],
    ['gcc (GCC) 13.2.1 20231011 (Red Hat 13.2.1-4)', 'gcc', '13.2.1'],
    ['Debian clang version 14.0.6', 'clang', '14.0.6'],
    ['Ubuntu clang version 18.1.3 (1ubuntu1)', 'clang', '18.1.3'],
    ['clang version 16.0.6', 'clang', '16.0.6'],
  ])('%s', (line, id, version) => {
    expect(parseVersionLine(line)).toEqual({ id, version });
  });

  it('returns undefined for something else', () => {
    expect(parseVersionLine('icc (ICC) 2021.1')).toBeUndefined();
  });
});

describe('resolveCompiler (real compilers)', () => {
  it('gcc-12 → g++-12', async () => {
    await expect(resolveCompiler('gcc-12', '--compiler')).resolves.toEqual({
      cc: '/usr/bin/gcc-12',
      cxx: '/usr/bin/g++-12',
      ...GCC,
    });
  });

  it('gcc → g++', async () => {
    await expect(resolveCompiler('gcc', '--compiler')).resolves.toEqual({
      cc: '/usr/bin/gcc',
      cxx: '/usr/bin/g++',
      ...GCC,
    });
  });

  it('clang-14 → clang++-14', async () => {
    await expect(resolveCompiler('clang-14', '--compiler')).resolves.toEqual({
      cc: '/usr/bin/clang-14',
      cxx: '/usr/bin/clang++-14',
      ...CLANG,
    });
  });

  it('clang → clang++', async () => {
    await expect(resolveCompiler('clang', '--compiler')).resolves.toMatchObject({
      cxx: '/usr/bin/clang++',
      ...CLANG,
    });
  });

  it('a CC:CXX pair', async () => {
    await expect(resolveCompiler('gcc-12:g++', '--compiler')).resolves.toEqual({
      cc: '/usr/bin/gcc-12',
      cxx: '/usr/bin/g++',
      ...GCC,
    });
  });

  it('a path', async () => {
    await expect(resolveCompiler('/usr/bin/gcc-12', '--compiler')).resolves.toEqual({
      cc: '/usr/bin/gcc-12',
      cxx: '/usr/bin/g++-12',
      ...GCC,
    });
  });

  it('fails at once for a missing clang-99 and lists the compilers found', async () => {
    const error = await resolveCompiler('clang-99', '--compiler').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DependencyError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('compiler clang-99 was not found on PATH');
    expect(message).toMatch(/found: (?=.*\bclang\b)(?=.*\bgcc-12\b).*; install it/);
  });

  it('fails for a missing path without "on PATH"', async () => {
    await expect(resolveCompiler('/nonexistent/gcc-12', '--compiler')).rejects.toThrow(
      /^compiler \/nonexistent\/gcc-12 was not found; found: /,
    );
  });

  it('refuses a C and C++ compiler of different families', async () => {
    await expect(resolveCompiler('gcc-12:clang++-14', '--compiler')).rejects.toThrow(
      'gcc-12 is gcc 12.2.0 but clang++-14 is clang 14.0.6; pass a matching CC:CXX pair to --compiler',
    );
  });
});

describe('resolveCompiler (fake PATH)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'compiler-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function script(name: string, line: string): Promise<void> {
    await writeFile(join(dir, name), `#!/bin/sh\necho '${line}'\n`);
    await chmod(join(dir, name), 0o755);
  }

  it('says which C++ compiler is missing', async () => {
    await script('gcc-13', 'gcc-13 (Fake) 13.1.0');
    const env = { PATH: dir };
    await expect(resolveCompiler('gcc-13', '--compiler', env)).rejects.toThrow(
      `compiler g++-13 (the C++ compiler for gcc-13) was not found on PATH; found: gcc-13; install it or pass one of those to --compiler`,
    );
  });

  it('lists none when PATH has no compilers', async () => {
    await expect(compilersOnPath({ PATH: dir })).resolves.toEqual([]);
    await expect(resolveCompiler('gcc', '--compiler', { PATH: dir })).rejects.toThrow('found: none;');
  });

  it('refuses a compiler whose --version is neither gcc nor clang', async () => {
    await script('gcc', 'tcc version 0.9.27');
    await script('g++', 'tcc version 0.9.27');
    await expect(resolveCompiler('gcc', '--compiler', { PATH: dir })).rejects.toThrow(
      /neither gcc nor clang/,
    );
  });
});
