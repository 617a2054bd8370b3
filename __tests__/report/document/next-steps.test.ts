// What next, from real results fixtures: the commands that reproduce a verdict and, for a
// regression between two known commits, the bisect command. The commands are read back through a
// real shell (bash), word by word, so quoting that changed a word would fail here.
import { execFileSync } from 'node:child_process';

import { describe, expect, it } from '@jest/globals';

import { DEFAULT_COMPARE_OPTIONS } from '../../../src/compare/verdict.js';
import { buildReportDocument } from '../../../src/report/document/build.js';
import { compilerSpec, nextStepsOf } from '../../../src/report/document/next-steps.js';
import { shellCommand, shellWord } from '../../../src/report/document/shell-words.js';
import { renderMarkdownComment } from '../../../src/report/render/markdown/comment.js';
import type { Results } from '../../../src/results/results-schema.js';
import { abReportInput, fixtureResults } from '../../helpers/report-input.js';

/** The words bash reads from `line`. */
function wordsOf(line: string): string[] {
  const script = `set -- ${line}; for word in "$@"; do printf '%s\\0' "$word"; done`;
  return execFileSync('bash', ['-c', script]).toString('utf8').split('\0').slice(0, -1);
}

/** The fixture with both sides built from `commits`, and the head's tps scaled by `scale`. */
function built(results: Results, commits: [string, string]): Results {
  const sides = { ...results.sides };
  for (const [index, name] of (['base', 'head'] as const).entries()) {
    const facts = sides[name];
    if (facts?.build === undefined) throw new Error('fixture side without a build');
    sides[name] = {
      ...facts,
      build: { ...facts.build, source: { ...facts.build.source, gitCommit: commits[index] ?? null } },
    };
  }
  return { ...results, sides };
}

describe('shell words', () => {
  it('reads back as the same words through bash, whatever they hold', () => {
    const words = [
      'plain',
      "it's",
      'two words',
      '$HOME',
      '`id`',
      'a\\b',
      'tab\there',
      'esc\u001b[31m',
      'c1\u0085',
      '',
    ];
    expect(wordsOf(shellCommand(words))).toEqual(words);
    expect(shellWord('oltp_point_select@1')).toBe('oltp_point_select@1');
    expect(shellWord('esc\u001b')).toBe("$'esc\\x1b'");
  });
});

describe('compilerSpec', () => {
  it("gives the builder's spelling of a build's compiler", () => {
    expect(compilerSpec('gcc 12.2.0')).toBe('gcc-12');
    expect(compilerSpec('clang 16.0.6')).toBe('clang-16');
    expect(compilerSpec('icc 2021')).toBeNull();
  });
});

describe('next steps', () => {
  it('reproduces an A/B run of two binaries with the head-only option, and no bisect', () => {
    const input = abReportInput(fixtureResults('quick-ab-performance-schema.json'));
    const next = nextStepsOf(input.verdict, input);
    const run = next.reproduce.find((line) => line.includes(' run '));
    expect(run).toBeDefined();
    expect(wordsOf(run ?? '')).toEqual([
      'mysql-perf-gate',
      'run',
      '--base',
      input.verdict.sides.base.binary,
      '--head',
      input.verdict.sides.head.binary,
      '--suite',
      input.verdict.suite,
      '--head-set',
      'performance_schema=ON',
      ...(run?.includes('--max-repetitions') === true ? ['--max-repetitions', expect.any(String)] : []),
      '--out',
      'perf/results.json',
    ]);
    expect(next.reproduce.at(-1)).toBe('mysql-perf-gate compare perf/results.json --report-dir perf/report');
    expect(next.notes).toEqual([
      `${input.verdict.sides.head.binary} is a path on the machine that measured: the server there was not built from a known commit.`,
    ]);
    expect(next.bisect).toBeNull();
  });

  it('builds each side from its commit with its compiler, leaving out what the run adds under valgrind', () => {
    const results = built(fixtureResults('instructions-gcc12-clang16.json'), [
      'a'.repeat(40),
      'b'.repeat(40),
    ]);
    const input = abReportInput(results);
    const next = nextStepsOf(input.verdict, input);
    expect(next.reproduce.slice(0, 4)).toEqual([
      `git worktree add --detach ../perf-base ${'a'.repeat(40)}`,
      'mysql-perf-gate build --source ../perf-base --compiler gcc-12 --build-type RelWithDebInfo --prefix ../perf-base.install',
      `git worktree add --detach ../perf-head ${'b'.repeat(40)}`,
      'mysql-perf-gate build --source ../perf-head --compiler clang-16 --build-type RelWithDebInfo --prefix ../perf-head.install',
    ]);
    const run = next.reproduce[4] ?? '';
    expect(run).toMatch(
      /^mysql-perf-gate run --base \.\.\/perf-base\.install --head \.\.\/perf-head\.install --suite instructions /,
    );
    // innodb_use_native_aio, innodb_buffer_pool_size_max: the run sets them under valgrind itself.
    expect(run).not.toContain('native_aio');
    expect(run).not.toContain('size_max');
    expect(next.notes).toEqual([]);
  });

  it('gives the bisect command for the regressed gating cells between two commits', () => {
    const results = built(fixtureResults('instructions-gcc12-clang16.json'), [
      'a'.repeat(40),
      'b'.repeat(40),
    ]);
    const input = abReportInput(results, 'results.json', { ...DEFAULT_COMPARE_OPTIONS });
    const regressed = input.verdict.cells.filter((cell) => cell.gating && cell.verdict === 'regression');
    const next = nextStepsOf(input.verdict, input);
    // clang 16 runs more instructions than gcc 12 in some cells of this fixture.
    expect(regressed.length).toBeGreaterThan(0);
    const words = wordsOf(next.bisect?.[0] ?? '');
    expect(words.slice(0, 8)).toEqual([
      'mysql-perf-gate',
      'bisect',
      '--source',
      '.',
      '--good',
      'a'.repeat(40),
      '--bad',
      'b'.repeat(40),
    ]);
    const cells = words.flatMap((word, index) => (words[index - 1] === '--cell' ? [word] : []));
    expect(cells).toEqual(
      regressed
        .filter((cell) => cell.metric === regressed[0]?.metric)
        .map((cell) => `${cell.workload}@${cell.threads}`),
    );
  });

  it('is in the comment: the bisect command open, the reproduction folded, a hostile name quoted', () => {
    const results = fixtureResults('quick-ab-performance-schema.json');
    const hostile = { ...results, suite: { ...results.suite, name: 'q```$(id)\u001b' } };
    const input = abReportInput(hostile);
    const comment = renderMarkdownComment(buildReportDocument(input), { marker: '<!-- m -->' });
    expect(comment).toContain('<summary>Reproduce this verdict on your machine</summary>');
    expect(comment).toContain("--suite $'q```$(id)\\x1b'");
    expect(comment).toContain('````sh');
    expect(comment).not.toContain('\u001b');
  });
});
