// The .comment reader on files real toolchains wrote: objcopy fixtures for every ELF class and
// byte order, binaries compiled here with gcc (and clang when installed), and Debian's mariadbd.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { readElfComments, splitComments, type ByteSource } from '../../src/server/elf.js';
import { readCompiler } from '../../src/server/elf-file.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const FIXTURES = path.join(import.meta.dirname, '../../__fixtures__/server/elf');
const CLANG_BUILD = ['GCC: (Debian 12.2.0-14+deb12u1) 12.2.0', 'Debian clang version 16.0.6'];

/** A ByteSource over bytes in memory that records what was read. */
function memorySource(bytes: Uint8Array): ByteSource & { reads: number[] } {
  const reads: number[] = [];
  return {
    size: bytes.length,
    reads,
    read: (offset, length) => {
      reads.push(length);
      return Promise.resolve(bytes.subarray(offset, offset + length));
    },
  };
}

describe('readElfComments on objcopy-made files', () => {
  it.each(['elf64-little', 'elf64-big', 'elf32-little', 'elf32-big'])(
    'reads .comment of a %s file',
    async (kind) => {
      const bytes = readFileSync(path.join(FIXTURES, `clang-${kind}.o`));
      expect(await readElfComments(memorySource(bytes))).toEqual({ kind: 'comments', comments: CLANG_BUILD });
    },
  );

  it('says when there is no .comment section', async () => {
    const bytes = readFileSync(path.join(FIXTURES, 'no-comment-elf64-little.o'));
    expect(await readElfComments(memorySource(bytes))).toEqual({ kind: 'no-comment-section' });
  });

  it.each([
    ['a script', '#!/bin/sh\necho hi\n', 'ELF magic number'],
    ['an empty file', '', 'ELF magic number'],
    ['a header with an unknown class', `\x7fELF\x03\x01\x01${'\0'.repeat(57)}`, 'unknown ELF class 3'],
  ])('says why %s is not ELF', async (_name, text, reason) => {
    const result = await readElfComments(memorySource(new TextEncoder().encode(text)));
    expect(result).toMatchObject({ kind: 'not-elf', reason: expect.stringContaining(reason) as unknown });
  });

  it('refuses a section table that points past the end of the file', async () => {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, 'clang-elf64-little.o')));
    new DataView(bytes.buffer).setBigUint64(40, 1n << 40n, true); // e_shoff
    expect(await readElfComments(memorySource(bytes))).toMatchObject({ kind: 'not-elf' });
  });
});

describe('splitComments', () => {
  it('splits on NUL, trims, drops empty and repeated entries in order', () => {
    const bytes = new TextEncoder().encode('\0GCC: (A) 1\0 clang version 2 \0GCC: (A) 1\0\0');
    expect(splitComments(bytes)).toEqual(['GCC: (A) 1', 'clang version 2']);
  });
});

const hasGcc = requireCommand('gcc');
const clang = requireCommand('clang') ? findCommand('clang') : undefined;

(hasGcc ? describe : describe.skip)('readCompiler on binaries built here', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gate-elf-'));
    writeFileSync(path.join(dir, 'main.c'), 'int main(void) { return 0; }\n');
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('names GCC for a gcc build', async () => {
    const binary = path.join(dir, 'gcc-main');
    execFileSync('gcc', ['-O1', '-o', binary, path.join(dir, 'main.c')]);
    const version = execFileSync('gcc', ['-dumpfullversion'], { encoding: 'utf8' }).trim();
    const compiler = await readCompiler(binary);
    expect(compiler).toMatchObject({ known: true, name: expect.stringMatching(/^GCC: /) as unknown });
    expect(compiler.known && compiler.name).toContain(version);
  });

  it('finds nothing in the same binary once stripped of .comment', async () => {
    const binary = path.join(dir, 'gcc-main');
    const stripped = path.join(dir, 'gcc-main-stripped');
    execFileSync('objcopy', ['--remove-section=.comment', binary, stripped]);
    expect(await readCompiler(stripped)).toEqual({
      known: false,
      reason: `${stripped} has no .comment section (stripped binaries such as Debian's mariadbd lose it), so its compiler is unknown`,
    });
  });

  it('reads a 32-bit copy made by objcopy', async () => {
    const object = path.join(dir, 'main.o');
    const object32 = path.join(dir, 'main32.o');
    execFileSync('gcc', ['-c', '-o', object, path.join(dir, 'main.c')]);
    execFileSync('objcopy', ['-O', 'elf32-i386', object, object32]);
    expect(await readCompiler(object32)).toMatchObject({
      known: true,
      name: expect.stringMatching(/^GCC: /) as unknown,
    });
  });

  (clang ? it : it.skip)('names clang, not the GCC of the C runtime, for a clang build', async () => {
    const binary = path.join(dir, 'clang-main');
    execFileSync(clang ?? 'clang', ['-O1', '-o', binary, path.join(dir, 'main.c')]);
    const compiler = await readCompiler(binary);
    expect(compiler).toMatchObject({ known: true, name: expect.stringMatching(/clang version/) as unknown });
  });
});

describe('readCompiler on other files', () => {
  it('says a script is not ELF', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gate-elf-'));
    try {
      const script = path.join(dir, 'mysqld');
      writeFileSync(script, '#!/bin/sh\n');
      expect(await readCompiler(script)).toEqual({
        known: false,
        reason: `${script} is not an ELF file (it does not start with the ELF magic number (7f 45 4c 46)), so its compiler is unknown`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const mariadbd = '/usr/sbin/mariadbd';
  (existsSync(mariadbd) ? it : it.skip)("knows Debian's stripped mariadbd has no .comment", async () => {
    expect(await readCompiler(mariadbd)).toEqual({
      known: false,
      reason: `${mariadbd} has no .comment section (stripped binaries such as Debian's mariadbd lose it), so its compiler is unknown`,
    });
  });

  (existsSync(mariadbd) ? it : it.skip)(
    'reads only the header, section table and names of mariadbd',
    async () => {
      const fd = openSync(mariadbd, 'r');
      try {
        let bytesRead = 0;
        const source: ByteSource = {
          size: fstatSync(fd).size,
          read: (offset, length) => {
            const buffer = Buffer.alloc(length);
            bytesRead += readSync(fd, buffer, 0, length, offset);
            return Promise.resolve(buffer);
          },
        };
        expect(await readElfComments(source)).toEqual({ kind: 'no-comment-section' });
        expect(bytesRead).toBeLessThan(64 * 1024);
        expect(source.size).toBeGreaterThan(1024 * 1024);
      } finally {
        closeSync(fd);
      }
    },
  );
});
