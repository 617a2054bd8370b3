// The cost of the changed lines end to end in compare's own terms: a real git repository with a
// base and a head commit, callgrind dumps in a raw directory, and every way it can fall short,
// each giving one sentence.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { compareLines } from '../../src/commands/compare-lines.js';
import { relinkedLines, workflowRepositoryUrl } from '../../src/compare/line-links.js';
import type { CellComparison } from '../../src/compare/verdict-schema.js';
import type { Results } from '../../src/results/results-schema.js';
import { gccBuild } from '../helpers/build-info.js';
import { useTempDir } from '../helpers/real-run.js';
import { fixtureResults } from '../helpers/report-input.js';

const temp = useTempDir('gate-lines-');

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    encoding: 'utf8',
  }).trim();
}

/** A repository whose head adds three lines to f.cc and changes a comment in g.cc. */
function repository(): { dir: string; base: string; head: string } {
  const dir = join(temp.path, 'src');
  mkdirSync(dir);
  git(dir, 'init', '-q');
  writeFileSync(join(dir, 'f.cc'), 'int f() {\n  return 1;\n}\n');
  writeFileSync(join(dir, 'g.cc'), '// old note\nint g() { return 2; }\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'base');
  const base = git(dir, 'rev-parse', 'HEAD');
  writeFileSync(
    join(dir, 'f.cc'),
    'int f() {\n  int x = 0;\n  for (int i = 0; i < 9; i++) x += i;\n  work(x);\n  return 1;\n}\n',
  );
  writeFileSync(join(dir, 'g.cc'), '// a new note\nint g() { return 2; }\n');
  git(dir, 'commit', '-qam', 'head');
  return { dir, base, head: git(dir, 'rev-parse', 'HEAD') };
}

const pfs = fixtureResults('instructions-performance-schema-work.json');

/** A dump of one window: f.cc's lines 2 and 3 cost `extra` each, its unchanged line 1 costs 40. */
function dump(root: string, extra: number, lines = true): string {
  const at = (line: number): number => (lines ? line : 0);
  return [
    'positions: line',
    'events: Ir',
    `fl=(1) ${root}/f.cc`,
    'fn=(1) f()',
    `${at(1)} 40`,
    `${at(2)} ${extra}`,
    `${at(3)} ${extra}`,
    `fl=(2) ${root}/g.cc`,
    'fn=(2) g()',
    `${at(2)} 5`,
    '',
  ].join('\n');
}

/** The fixture run, its builds pointed at the repository and its dumps written to a raw dir. */
function results(
  repo: ReturnType<typeof repository>,
  options: { lines?: boolean } = {},
): { results: Results; path: string } {
  const rawDir = join(temp.path, 'raw');
  const cells = pfs.cells.map((cell) => ({
    ...cell,
    repetitions: cell.repetitions.map((repetition) => {
      const profile = `${cell.side}/${cell.workload}-rep${repetition.index}.callgrind.gz`;
      mkdirSync(join(rawDir, cell.side), { recursive: true });
      const extra = cell.side === 'head' ? 30 * repetition.report.transactions : 0;
      writeFileSync(join(rawDir, profile), gzipSync(dump(repo.dir, extra, options.lines ?? true)));
      const callgrind = repetition.cost?.callgrind;
      if (!callgrind) throw new Error('fixture without callgrind counts');
      return { ...repetition, cost: { ...repetition.cost, callgrind: { ...callgrind, profile } } };
    }),
  }));
  const build = (commit: string) =>
    gccBuild({ source: { root: repo.dir, gitCommit: commit, gitDirty: false } });
  const sides = pfs.sides.base;
  if (!sides) throw new Error('fixture without a base');
  return {
    results: {
      ...pfs,
      rawDir: 'raw',
      cells,
      sides: {
        base: { ...sides, build: build(repo.base) },
        head: { ...pfs.sides.head, build: build(repo.head) },
      },
    },
    path: join(temp.path, 'results.json'),
  };
}

/** The instruction cells as compare judged them: head 62 instructions per transaction more. */
const judged: CellComparison[] = ['oltp_point_select', 'oltp_read_only'].map(
  (workload) =>
    ({
      workload,
      threads: 1,
      metric: 'instructions',
      base: { median: 10_000 },
      head: { median: 10_062 },
    }) as CellComparison,
);

const inputs = (
  run: { results: Results; path: string },
  extra: Partial<Parameters<typeof compareLines>[0]> = {},
) => ({
  results: run.results,
  resultsPath: run.path,
  baseline: false,
  cells: judged,
  source: undefined,
  sourceUrl: undefined,
  ...extra,
});

describe('compareLines', () => {
  it("costs the head's new lines per transaction, and a comment's change nothing", async () => {
    const repo = repository();
    const section = await compareLines(inputs(results(repo), { sourceUrl: 'https://github.com/o/r' }));
    if (section?.status !== 'mapped') throw new Error(JSON.stringify(section));
    expect(section).toMatchObject({
      baseCommit: repo.base,
      headCommit: repo.head,
      hunks: 2,
      sourceUrl: 'https://github.com/o/r',
    });
    const [cell] = section.cells;
    expect(cell?.hunks.map((hunk) => [hunk.label, hunk.delta])).toEqual([
      ['f.cc:2–4 (+3 lines)', 60],
      ['g.cc:1 (1 line for 1)', 0],
    ]);
    expect(cell?.explained).toBe(60);
    expect(cell?.share).toBeCloseTo(60 / 62);
    expect(cell?.costlessHunks).toBe(1);
  });

  it.each([
    [
      'a side without build.json',
      (r: Results) => ({ ...r, sides: { ...r.sides, head: { ...r.sides.head, build: undefined } } }),
      /^the head has no build\.json/,
    ],
    [
      'a tree that was not a git checkout',
      (r: Results) => ({
        ...r,
        sides: {
          ...r.sides,
          base: r.sides.base && {
            ...r.sides.base,
            build: gccBuild({ source: { root: '/x', gitCommit: null, gitDirty: null } }),
          },
        },
      }),
      /^the base was not built from a git checkout/,
    ],
    [
      'a build without line tables',
      (r: Results) => ({
        ...r,
        sides: {
          ...r.sides,
          head: {
            ...r.sides.head,
            build: {
              ...(r.sides.head.build ?? gccBuild()),
              buildType: 'Release',
              flags: { c: '-O3', cxx: '-O3 -DNDEBUG' },
            },
          },
        },
      }),
      /^the head was built without line tables \(Release, C\+\+ flags "-O3 -DNDEBUG"\): build it as RelWithDebInfo/,
    ],
  ])('%s: one sentence', async (_what, change, reason) => {
    const run = results(repository());
    const section = await compareLines(inputs({ ...run, results: change(run.results) }));
    expect(section).toEqual({ status: 'unavailable', reason: expect.stringMatching(reason) as string });
  });

  it('says nothing for one build on both sides, and refuses a build with local changes', async () => {
    const repo = repository();
    const run = results(repo);
    const same = { ...run.results, sides: { ...run.results.sides, base: { ...run.results.sides.head } } };
    expect(await compareLines(inputs({ ...run, results: same }))).toBeUndefined();
    const head = run.results.sides.head;
    const build = head.build ?? gccBuild();
    const dirty = {
      ...run.results,
      sides: {
        ...run.results.sides,
        head: { ...head, build: { ...build, source: { ...build.source, gitDirty: true } } },
      },
    };
    expect(await compareLines(inputs({ ...run, results: dirty }))).toMatchObject({
      reason: expect.stringMatching(/^the head was built from a checkout with local changes/) as string,
    });
    // Any -g option has line tables.
    const ggdb = {
      ...run.results,
      sides: {
        ...run.results.sides,
        head: { ...head, build: { ...build, flags: { c: '-O2', cxx: '-O2 -ggdb3' } } },
      },
    };
    expect(await compareLines(inputs({ ...run, results: ggdb }))).toMatchObject({ status: 'mapped' });
  });

  it('a checkout that is not a repository, or lacks a commit, names it and --source', async () => {
    const repo = repository();
    const run = results(repo);
    const plain = join(temp.path, 'plain');
    mkdirSync(plain);
    expect(await compareLines(inputs(run, { source: plain }))).toEqual({
      status: 'unavailable',
      reason: `${plain} is not a git checkout: pass the repository the sides were built from with --source DIR`,
    });
    const other = join(temp.path, 'other');
    mkdirSync(other);
    git(other, 'init', '-q');
    git(other, 'commit', '-q', '--allow-empty', '-m', 'unrelated');
    expect(await compareLines(inputs(run, { source: other }))).toEqual({
      status: 'unavailable',
      reason: `the base's commit ${repo.base} is not in ${other}: fetch it, or pass the checkout that has it with --source DIR`,
    });
  });

  it('dumps without line numbers, a missing dump, a stored baseline, a throughput suite', async () => {
    const repo = repository();
    expect(await compareLines(inputs(results(repo, { lines: false })))).toMatchObject({
      reason: "the base's callgrind dumps have no line numbers: its server has no line tables",
    });
    const run = results(repo);
    const moved = { ...run, path: join(temp.path, 'elsewhere', 'results.json') };
    expect(await compareLines(inputs(moved))).toMatchObject({
      reason: expect.stringMatching(
        /^the callgrind dump .* is missing: keep the raw directory \(.*\) beside the results file$/,
      ) as string,
    });
    expect(await compareLines(inputs(run, { baseline: true }))).toMatchObject({
      reason:
        "line costs need both sides' callgrind dumps: compare an A/B results file, not a stored baseline",
    });
    const throughput = { ...run.results, suite: { ...run.results.suite, metric: 'throughput' as const } };
    expect(await compareLines(inputs({ ...run, results: throughput }))).toBeUndefined();
  });
});

describe('links', () => {
  it("take the workflow's repository, never the artifact's", () => {
    const env = { GITHUB_SERVER_URL: 'https://github.com', GITHUB_REPOSITORY: 'mariadb/server' };
    expect(workflowRepositoryUrl(env)).toEqual({ sourceUrl: 'https://github.com/mariadb/server' });
    expect(workflowRepositoryUrl({ ...env, GITHUB_REPOSITORY: 'x/y" onclick="z' })).toEqual({});
    const { results: run } = results(repository());
    const base = run.sides.base?.build?.source.gitCommit ?? '';
    const head = run.sides.head.build?.source.gitCommit ?? '';
    const hunk = {
      path: 'f.cc',
      label: '[x](https://evil.example)',
      headStart: 2,
      headLines: 3,
      baseStart: 1,
      baseLines: 0,
    };
    const claimed = {
      status: 'mapped' as const,
      baseCommit: base,
      headCommit: head,
      hunks: 1,
      cells: [
        {
          workload: 'oltp_point_select',
          threads: 1,
          measured: 62,
          explained: 60,
          share: 0.97,
          costlessHunks: 0,
          hunks: [{ ...hunk, base: 0, head: 60, delta: 60, shareOfTransaction: 0.006, inlinedInto: [] }],
        },
      ],
      sourceUrl: 'https://evil.example',
    };
    const url = workflowRepositoryUrl(env).sourceUrl ?? null;
    const relinked = relinkedLines(claimed, run, url);
    expect(relinked).toMatchObject({ sourceUrl: 'https://github.com/mariadb/server' });
    // The label is written again from the hunk's numbers.
    expect(relinked?.status === 'mapped' && relinked.cells[0]?.hunks[0]?.label).toBe('f.cc:2–4 (+3 lines)');
    expect(relinkedLines(claimed, run, null)).toMatchObject({ sourceUrl: null });
    expect(relinkedLines({ ...claimed, headCommit: 'c'.repeat(40) }, run, url)).toMatchObject({
      status: 'unavailable',
      reason: "the artifact's line costs name other commits than its results: left out",
    });
    const elsewhere = { ...claimed, cells: [{ ...claimed.cells[0]!, workload: 'oltp_other' }] };
    expect(relinkedLines(elsewhere, run, url)).toMatchObject({
      reason: "the artifact's line costs name cells its results do not have: left out",
    });
  });
});
