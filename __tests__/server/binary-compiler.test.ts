import { chooseCompiler, compilerFromComments } from '../../src/server/binary-compiler.js';

const SYSTEM_GCC = 'GCC: (Debian 12.2.0-14+deb12u1) 12.2.0';

describe('chooseCompiler', () => {
  it.each([
    ['a GCC build', [SYSTEM_GCC], SYSTEM_GCC],
    [
      'a clang build (the C runtime adds GCC)',
      [SYSTEM_GCC, 'Debian clang version 16.0.6'],
      'Debian clang version 16.0.6',
    ],
    ['clang listed first', ['Debian clang version 16.0.6', SYSTEM_GCC], 'Debian clang version 16.0.6'],
    [
      'a clang build linked with lld',
      [SYSTEM_GCC, 'Debian clang version 16.0.6', 'Linker: Debian LLD 16.0.6'],
      'Debian clang version 16.0.6',
    ],
    [
      'a gcc-11 build (system GCC first)',
      [SYSTEM_GCC, 'GCC: (Debian 11.3.0-12) 11.3.0'],
      'GCC: (Debian 11.3.0-12) 11.3.0',
    ],
    ['only a linker', ['Linker: LLD 16.0.6'], undefined],
    ['nothing', [], undefined],
  ])('%s', (_name, comments, expected) => {
    expect(chooseCompiler(comments)).toBe(expected);
  });
});

describe('compilerFromComments', () => {
  it('keeps every entry next to the chosen one', () => {
    const comments = [SYSTEM_GCC, 'Debian clang version 16.0.6'];
    expect(compilerFromComments('/b/mariadbd', { kind: 'comments', comments })).toEqual({
      known: true,
      name: 'Debian clang version 16.0.6',
      comments,
    });
  });

  it('explains a .comment section that names no compiler', () => {
    expect(
      compilerFromComments('/b/mariadbd', { kind: 'comments', comments: ['Linker: LLD 16.0.6'] }),
    ).toEqual({
      known: false,
      reason: "/b/mariadbd's .comment section names no compiler (it holds Linker: LLD 16.0.6)",
    });
  });

  it('explains a file that is not ELF', () => {
    expect(compilerFromComments('/b/mysqld', { kind: 'not-elf', reason: 'unknown ELF class 3' })).toEqual({
      known: false,
      reason: '/b/mysqld is not an ELF file (unknown ELF class 3), so its compiler is unknown',
    });
  });
});
