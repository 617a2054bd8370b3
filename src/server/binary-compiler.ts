// Which compiler built a server, from the entries of its ELF `.comment` section. Pure.
//
// The linker concatenates every object's .comment and drops duplicates, keeping the first in
// link order. The C runtime start files (crt1.o, crti.o, crtbegin.o) come first and were built by
// the system GCC, so a clang build lists "GCC: (Debian 12.2.0-14+deb12u1) 12.2.0" and then
// "Debian clang version 16.0.6": the server's compiler is the non-GCC entry. A build with a GCC
// other than the system's lists the system GCC first and its own later, so among several GCC
// entries the last one is the server's. Linkers may add an entry too ("Linker: LLD 16.0.6"); that
// is not a compiler.
import type { CompilerInfo } from '../results/results-schema.js';
import type { ElfCommentResult } from './elf.js';

export function compilerFromComments(binary: string, result: ElfCommentResult): CompilerInfo {
  switch (result.kind) {
    case 'not-elf':
      return {
        known: false,
        reason: `${binary} is not an ELF file (${result.reason}), so its compiler is unknown`,
      };
    case 'no-comment-section':
      return {
        known: false,
        reason:
          `${binary} has no .comment section (stripped binaries such as Debian's mariadbd lose it), ` +
          'so its compiler is unknown',
      };
    case 'comments': {
      const name = chooseCompiler(result.comments);
      if (name === undefined) {
        const listed =
          result.comments.length === 0 ? 'it is empty' : `it holds ${result.comments.join('; ')}`;
        return { known: false, reason: `${binary}'s .comment section names no compiler (${listed})` };
      }
      return { known: true, name, comments: [...result.comments] };
    }
  }
}

export function chooseCompiler(comments: readonly string[]): string | undefined {
  const compilers = comments.filter((entry) => !/^linker:/i.test(entry));
  const nonGcc = compilers.filter((entry) => !isGcc(entry));
  return (nonGcc.length > 0 ? nonGcc : compilers).at(-1);
}

function isGcc(entry: string): boolean {
  return /^GCC:/.test(entry);
}
