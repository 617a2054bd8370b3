// Opt-in end to end: a nightly history of a real server and the bisection of its change. Makes a
// git repository of 16 commits from Debian's MariaDB source (scripts/make-history-demo.sh: commit
// 7 adds about 1% to point selects, commit 12 removes a per-row check, about −2% on read-only),
// builds and measures every commit with the instructions suite (ccache, one build directory:
// about 20 minutes for the first commit and 2 to 3 for each next one on 2 cores), appends each
// run to a history, and checks that `history changes` finds exactly those two commits and that
// `bisect` between the first and last commit finds commit 7 within log2(16) + 1 measured commits.
//
//   apt-get install gcc-12 g++-12 valgrind
//   scripts/fetch-mariadb-source.sh build/sources
//   npm run test:e2e -- history-bisect
//
// Environment: MARIADB_SOURCE (default: the newest build/sources/mariadb-10.11.*), E2E_DIR
// (build/e2e-history: the repository, build directory, results and history stay there, so a
// second run measures only the commits it has no results for).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { findMariadbSource } from '../helpers/source-trees.js';
import { ROOT } from '../helpers/real-run.js';

const THREE_HOURS_MS = 3 * 60 * 60 * 1000;

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

function git(repo: string, ...args: string[]): string {
  return execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();
}

it(
  'finds the two changes of a 16-commit history and bisects to the first',
  async () => {
    const tree = findMariadbSource();
    if (tree === undefined)
      throw new Error('no source tree: run scripts/fetch-mariadb-source.sh build/sources');
    const dir = process.env.E2E_DIR ?? join(ROOT, 'build/e2e-history');
    const repo = join(dir, 'mariadb');
    mkdirSync(join(dir, 'results'), { recursive: true });
    if (!existsSync(repo))
      execFileSync(join(ROOT, 'scripts/make-history-demo.sh'), [tree, repo], { stdio: 'inherit' });
    const commits = git(repo, 'rev-list', '--reverse', 'main').split('\n');
    expect(commits).toHaveLength(16);
    const build = [
      '--compiler',
      'gcc-12',
      '--prefix',
      join(dir, 'prefix'),
      '--build-dir',
      join(dir, 'build'),
    ];
    const history = join(dir, 'history');
    for (const [index, commit] of commits.entries()) {
      const results = join(dir, 'results', `${String(index + 1).padStart(2, '0')}-${commit}.json`);
      if (!existsSync(results)) {
        git(repo, 'checkout', '--quiet', commit);
        expect(await cli('build', '--source', repo, ...build)).toBe(0);
        expect(
          await cli('run', '--server', join(dir, 'prefix'), '--suite', 'instructions', '--out', results),
        ).toBe(0);
        expect(await cli('history', 'append', results, '--dir', history, '--testbed', 'e2e')).toBe(0);
      }
    }
    git(repo, 'checkout', '--quiet', 'main');

    const out = join(dir, 'changes');
    expect(
      await cli('history', 'changes', '--dir', history, '--suite', 'instructions', '--report-dir', out),
    ).toBe(0);
    const document = JSON.parse(readFileSync(join(out, 'changes.json'), 'utf8')) as {
      histories: { changes: { cell: string; metric: string; firstAfter: string; change: number }[] }[];
    };
    const found = document.histories[0]!.changes;
    expect([...new Set(found.map((change) => change.firstAfter))].sort()).toEqual(
      [commits[6], commits[11]].sort(),
    );
    const pointSelect = found.find(
      (change) => change.cell === 'oltp_point_select@1' && change.metric === 'instructions',
    );
    expect(pointSelect?.firstAfter).toBe(commits[6]);
    expect(pointSelect?.change).toBeGreaterThan(0.005);

    const report = join(dir, 'bisect-report');
    const code = await cli(
      'bisect',
      '--source',
      repo,
      '--good',
      commits[0]!,
      '--bad',
      commits[15]!,
      '--cell',
      'oltp_point_select@1',
      '--history',
      history,
      '--testbed',
      'e2e',
      ...build,
      '--state',
      join(dir, 'bisect-state.json'),
      '--report-dir',
      report,
    );
    expect(code).toBe(0);
    const bisect = JSON.parse(readFileSync(join(report, 'bisect.json'), 'utf8')) as {
      result: { outcome: string; sha: string };
      measured: { role: string }[];
    };
    expect(bisect.result).toMatchObject({ outcome: 'found', sha: commits[6] });
    expect(bisect.measured.filter((commit) => commit.role === 'candidate').length).toBeLessThanOrEqual(
      Math.log2(16) + 1,
    );
  },
  THREE_HOURS_MS,
);
