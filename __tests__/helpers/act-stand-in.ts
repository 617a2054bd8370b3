// What the act tests of the publishing half share: the environment a job gets (the mock's address,
// the stand-ins, the action under test), a pull request's head 10% slower, and the measuring run
// stood in for by its artifact, written where the download-artifact stand-in finds it and listed by
// the mock's API as act.int.test.ts's real measuring run leaves it.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { judge } from '../../src/compare/judge.js';
import { type CompareOptions } from '../../src/compare/verdict.js';
import type { Verdict } from '../../src/compare/verdict-schema.js';
import type { Results } from '../../src/results/results-schema.js';
import { OWNER, REPO, type ServerRepository } from './act-run.js';
import { STAND_INS } from './act-workflows.js';
import type { GitHubMock } from './github-mock.js';
import { fixtureResults } from './report-input.js';

/** The repository as events name it. */
export const REPOSITORY = {
  full_name: `${OWNER}/${REPO}`,
  name: REPO,
  owner: { login: OWNER },
  default_branch: 'main',
};

/** A job's environment under act: the mock, the stand-ins, the action under test, a private state directory. */
export function actEnv(
  mock: GitHubMock,
  repo: ServerRepository,
  scratch: string,
  dir: string,
  runId: number,
): Record<string, string> {
  return {
    GITHUB_API_URL: mock.baseUrl,
    GITHUB_RUN_ID: String(runId),
    ACT_TEST_ORIGIN: repo.origin,
    ACT_TEST_ARTIFACTS: join(scratch, 'artifacts'),
    ACT_TEST_STAND_INS: STAND_INS,
    ACT_TEST_ACTION: join(scratch, 'action'),
    MYSQL_PERF_GATE_STATE_DIR: join(dir, 'state'),
  };
}

/** The same server on both sides; every head repetition 10% slower: a +10% regression. */
export function tenPercentSlower(): Results {
  const results = fixtureResults('quick-aa-5reps.json');
  for (const cell of results.cells) {
    if (cell.side === 'head') for (const repetition of cell.repetitions) repetition.report.tps *= 0.9;
  }
  return results;
}

/**
 * The measuring run `runId`'s artifact: `results` judged with `options` (as the measuring half's
 * workflow files would), listed by the mock; and the default branch's suite file (JSON is YAML),
 * which the publishing workflow names. Returns the verdict written.
 */
export function standInArtifact(
  mock: GitHubMock,
  scratch: string,
  runId: number,
  results: Results,
  options: CompareOptions,
): Verdict {
  const verdict = judge({ results, resultsPath: 'perf/results.json', base: { kind: 'ab' }, options }).verdict;
  const dir = join(scratch, 'artifacts', String(runId), 'mysql-perf-gate');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), JSON.stringify(results));
  writeFileSync(join(dir, 'verdict.json'), JSON.stringify(verdict));
  writeFileSync(join(dir, 'pull-request.txt'), '12\n');
  const size = readdirSync(dir).reduce((total, name) => total + statSync(join(dir, name)).size, 0);
  mock.runArtifacts.set(runId, [{ name: 'mysql-perf-gate', sizeInBytes: size }]);
  writeFileSync(join(scratch, 'default-suite.yml'), JSON.stringify(results.suite));
  return verdict;
}
