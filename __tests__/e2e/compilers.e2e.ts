// Opt-in end to end: the question "what does GCC 12 vs Clang 16 do to this server?". Builds the
// whole MariaDB server from Debian's source with two compilers (about 25 minutes each on 2 cores
// with a cold ccache), runs the instructions suite between them, and checks that the verdict
// names the compiler difference and gives every cell an instruction-count change.
//
//   apt-get install gcc-12 g++-12 clang-16 valgrind
//   scripts/fetch-mariadb-source.sh build/sources
//   npm run test:e2e
//
// Environment: MARIADB_SOURCE (default: the newest build/sources/mariadb-10.11.*),
// E2E_BASE_COMPILER (gcc-12), E2E_HEAD_COMPILER (clang-16), E2E_DIR (build/e2e-compilers: the
// prefixes and build directories stay there, so a second run rebuilds incrementally).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { findMariadbSource } from '../helpers/source-trees.js';
import { ROOT } from '../helpers/real-run.js';

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

function sourceTree(): string {
  const tree = findMariadbSource();
  if (tree === undefined)
    throw new Error('no source tree: run scripts/fetch-mariadb-source.sh build/sources');
  return tree;
}

it(
  'builds one source with two compilers and compares their instruction counts',
  async () => {
    const base = process.env.E2E_BASE_COMPILER ?? 'gcc-12';
    const head = process.env.E2E_HEAD_COMPILER ?? 'clang-16';
    const dir = process.env.E2E_DIR ?? join(ROOT, 'build/e2e-compilers');
    const code = await main([
      'node',
      'mysql-perf-gate',
      'compare-compilers',
      '--source',
      sourceTree(),
      '--base-compiler',
      base,
      '--head-compiler',
      head,
      '--prefix-dir',
      dir,
      '--suite',
      'instructions',
      '--out',
      join(dir, 'results.json'),
      '--report-dir',
      join(dir, 'report'),
    ]);
    // Pass or fail are both answers; 2 would be an error.
    expect([0, 1]).toContain(code);
    const verdict = Verdict.parse(JSON.parse(readFileSync(join(dir, 'report/verdict.json'), 'utf8')));
    const compiler = verdict.serverDiff.find((entry) => entry.name === 'build compiler');
    expect(compiler?.base).toMatch(/^(gcc|clang) \d+/);
    expect(compiler?.head).toMatch(/^(gcc|clang) \d+/);
    expect(compiler?.base).not.toBe(compiler?.head);
    const cells = verdict.cells.filter((cell) => cell.metric === 'instructions');
    expect(cells.length).toBe(4);
    for (const cell of cells) expect(Number.isFinite(cell.change)).toBe(true);
    expect(readFileSync(join(dir, 'report/comment.md'), 'utf8')).toContain('build compiler');
  },
  TWO_HOURS_MS,
);
