// The publishing half on a downloaded artifact, against the validating GitHub mock: a good
// artifact is posted as the comment compare renders from the same results; each tampered artifact
// of issue 12 is refused with one line, or neutralised, and nothing is written outside the report
// directory.
import {
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';

import { getOctokit } from '@actions/github';

import { compareCommand } from '../../src/commands/compare.js';
import {
  publishCommand,
  type PublishConfig,
  type PublishedVerdict,
  SETTINGS_CHANGED_LINE,
} from '../../src/commands/publish.js';
import { publishPathsFromFlags } from '../../src/commands/publish-flags.js';
import type { PublishJudging } from '../../src/compare/publish-settings.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { Suite } from '../../src/suite/suite-schema.js';
import { readArtifactFile } from '../../src/artifact/read-artifact.js';
import { readCommentState } from '../../src/github/comment-state.js';
import { ArtifactError, oneLine } from '../../src/compare/artifact-refusal.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import {
  type CellComparison,
  type Verdict,
  VERDICT_SCHEMA_VERSION,
} from '../../src/compare/verdict-schema.js';
import { judge } from '../../src/compare/judge.js';
import { shardCellNames } from '../../src/run/shards.js';
import { cellName, selectCells, suiteCellsNamed } from '../../src/suite/select-cells.js';
import { saveBaseline } from '../../src/baseline/store.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import type { Results } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';
import { ACTIONS_BOT, ALICE, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const FIXTURES = new URL('../../__fixtures__/results/', import.meta.url).pathname;
const AB = join(FIXTURES, 'quick-ab-performance-schema.json');
/** verdict.json as version 1 of the schema wrote it for quick-aa-pinned-adaptive.json. */
const VERDICT_V1 = new URL('../../__fixtures__/verdict/quick-aa-pinned-adaptive.v1.json', import.meta.url)
  .pathname;
/** The cell of that run whose small change version 1 called unchanged. */
const SMALL_CHANGE = { workload: 'oltp_read_only', threads: 1, metric: 'cpuTimeUs' };
const HEAD = 'a'.repeat(40);
const OTHER = 'c'.repeat(40);

let mock: GitHubMock;
let root: string;
let artifact: string;
let out: string;
let logged: string[];

/** Every entry under `dir`, links not followed, with its size: what "nothing written" compares. */
function tree(dir: string): string[] {
  const entries: string[] = [];
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      const stat = lstatSync(full);
      const kind = stat.isSymbolicLink() ? 'link' : stat.isDirectory() ? 'dir' : String(stat.size);
      entries.push(`${relative(dir, full)} ${kind}`);
      if (stat.isDirectory() && full !== out) walk(full);
    }
  };
  walk(dir);
  return entries.sort();
}

const logger = recordingLogger(() => logged);

/**
 * The publishing workflow's settings: here the default branch has the suite the artifact was
 * measured with, and the default options (publish-trust.test.ts covers the other cases).
 */
function trustedJudging(): PublishJudging {
  let suite: Suite;
  try {
    const raw = JSON.parse(readFileSync(join(artifact, 'results.json'), 'utf8')) as Results;
    suite = Suite.parse(raw.shard?.suite ?? raw.suite);
  } catch {
    suite = loadSuite('quick');
  }
  return { suite, options: DEFAULT_COMPARE_OPTIONS };
}

function config(): PublishConfig {
  return {
    artifactDir: artifact,
    outDir: out,
    owner: mock.owner,
    repo: mock.repo,
    headSha: HEAD,
    headRepository: 'octo-org/server',
    chartsBranch: 'mysql-perf-gate-charts',
    runKey: '42-1',
    runUrl: `https://github.com/${mock.owner}/${mock.repo}/actions/runs/42`,
    judging: trustedJudging(),
    statusContext: 'mysql-perf-gate',
    forkLabel: 'perf-approved',
    requireApproval: 'forks',
    trustedAuthors: [],
    triggeredBy: [],
  };
}

/** Publishes; a verdict is expected (no approval is missing). */
async function publish(overrides: Partial<PublishConfig> = {}): Promise<PublishedVerdict> {
  const outcome = await publishCommand(
    { ...config(), ...overrides },
    getOctokit('actions', { baseUrl: mock.baseUrl }),
    logger,
  );
  if (outcome.kind !== 'published') throw new Error(`not published: ${outcome.why}`);
  return outcome;
}

/** The only requests that are not reads: an error status on the measured head per refusal. */
function onlyErrorStatus(): void {
  const writes = mock.requests.filter((request) => request.method !== 'GET');
  expect(writes.map((request) => request.operationId)).toEqual(
    mock.statuses.map(() => 'repos/create-commit-status'),
  );
  expect(mock.statuses.length).toBeGreaterThan(0);
  expect(new Set(mock.statuses.map((status) => `${status.sha} ${status.state}`))).toEqual(
    new Set([`${HEAD} error`]),
  );
}

function matches(
  cell: Pick<CellComparison, 'workload' | 'threads' | 'metric'>,
  name: typeof SMALL_CHANGE,
): boolean {
  return cell.workload === name.workload && cell.threads === name.threads && cell.metric === name.metric;
}

/** The verdict compare would write for an A/B results file. */
function verdictFor(results: Results): Verdict {
  return judge({
    results,
    resultsPath: 'results.json',
    base: { kind: 'ab' },
    options: DEFAULT_COMPARE_OPTIONS,
  }).verdict;
}

/** Shard `index` of `count` of an A/B run, as run --shard K/N would have written it. */
function shardOf(results: Results, index: number, count: number): Results {
  const names = shardCellNames(results.suite, ['base', 'head'], { index, count });
  const binary = { binarySha256: 'a'.repeat(64), build: null };
  return {
    ...results,
    suite: selectCells(results.suite, suiteCellsNamed(results.suite, names, 'cell')),
    cells: results.cells.filter((cell) => names.includes(cellName(cell))),
    shard: { index, count, suite: results.suite, cells: names, servers: { base: binary, head: binary } },
  };
}

function writeArtifact(results: unknown, verdict: unknown): void {
  writeFileSync(join(artifact, 'results.json'), JSON.stringify(results));
  writeFileSync(join(artifact, 'verdict.json'), JSON.stringify(verdict));
}

/**
 * The measuring half on an A/B results file: compare as the action runs it on pull_request, then
 * results.json and verdict.json into the artifact, as it uploads them.
 */
async function measureAndUpload(resultsText: string): ReturnType<typeof compareCommand> {
  const measured = join(root, 'measured');
  mkdirSync(measured, { recursive: true });
  writeFileSync(join(measured, 'results.json'), resultsText);
  const compared = await compareCommand({
    resultsPath: join(measured, 'results.json'),
    baselinePath: null,
    outDir: join(measured, 'report'),
    force: false,
    options: DEFAULT_COMPARE_OPTIONS,
  });
  cpSync(join(measured, 'results.json'), join(artifact, 'results.json'));
  cpSync(compared.verdictPath, join(artifact, 'verdict.json'));
  return compared;
}

/** A posted comment without its hidden state line (the rendered comment.md has none). */
function withoutState(body: string): string {
  return body.replace(/\n<!-- mysql-perf-gate:state [A-Za-z0-9_-]+ -->$/, '');
}

/** Refused: one line, nothing posted, nothing written beside the artifact. */
async function expectRefused(reason: string | RegExp, before: string[]): Promise<string> {
  const error: unknown = await publish().then(
    () => new Error('published'),
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  const message = (error as Error).message;
  if (typeof reason === 'string') expect(message).toBe(reason);
  else expect(message).toMatch(reason);
  expect(message).not.toContain('\n');
  expect(mock.comments).toEqual([]);
  onlyErrorStatus();
  expect(mock.statuses.at(-1)?.description).toBe(
    message.length <= 140 ? message : `${message.slice(0, 139)}…`,
  );
  expect(tree(root)).toEqual(before);
  return message;
}

beforeEach(async () => {
  root = mkdtempSync(join(os.tmpdir(), 'gate-publish-'));
  artifact = join(root, 'artifact');
  out = join(root, 'report');
  mkdirSync(artifact);
  logged = [];
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.pullRequests.push(
    { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: HEAD, state: 'open' },
    { number: 8, headRepo: 'octo-org/server', headRef: 'victim', headSha: OTHER, state: 'open' },
  );
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a good artifact', () => {
  it('is posted as the comment compare renders from the same results; the rest of the artifact is never read', async () => {
    const compared = await measureAndUpload(readFileSync(AB, 'utf8'));
    // What else an artifact may hold: an uploaded comment and charts, and names that try to leave.
    writeFileSync(
      join(artifact, 'comment.md'),
      '<!-- mysql-perf-gate:suite=quick -->\n@octo-org/admins approve',
    );
    mkdirSync(join(artifact, 'charts'));
    writeFileSync(join(artifact, 'charts', 'change.png'), 'not the chart');
    writeFileSync(join(artifact, 'charts', '..%2F..%2Fpwned.png'), 'x');
    mkdirSync(join(artifact, '..evil'));
    mkdirSync(join(root, 'outside'));
    symlinkSync('../outside', join(artifact, 'report'));
    symlinkSync('/etc/passwd', join(artifact, 'report.html'));
    const before = tree(root);

    const published = await publish();

    expect(published.pullRequest.number).toBe(7);
    expect(published.verdict).toEqual(compared.verdict);
    expect(published.posted.action).toBe('created');
    expect(mock.comments).toHaveLength(1);
    const posted = mock.comments[0]!;
    expect(posted.issueNumber).toBe(7);
    const imageUrl = new RegExp(
      `https://github\\.com/octo-org/server/raw/[0-9a-f]{40}/pr-7/42-1/(\\w+)\\.png`,
      'g',
    );
    expect(withoutState(posted.body).replace(imageUrl, 'charts/$1.png')).toBe(
      readFileSync(compared.report.commentPath, 'utf8'),
    );
    // Its last line keeps what was decided, for an acceptance to read (commands/accept.ts).
    const state = readCommentState(posted.body);
    expect(state.kind === 'state' && { ...state.state, at: 'at' }).toEqual({
      v: 1,
      sha: HEAD,
      suite: 'quick',
      at: 'at',
      context: 'mysql-perf-gate',
      gate: 'pass',
      failures: [],
      failureCount: 0,
      acceptance: null,
    });
    expect(posted.body).not.toContain('approve');
    // The images on the branch are the ones rendered here, under this run's directory only.
    const files = mock.filesAt(mock.branches.get('mysql-perf-gate-charts')!);
    expect([...files.keys()].sort()).toEqual(
      compared.report.charts.map((chart) => `pr-7/42-1/${chart.name}.png`).sort(),
    );
    for (const chart of published.report.charts) {
      const blob = files.get(`pr-7/42-1/${chart.name}.png`)!;
      expect(mock.blobContent(blob)).toEqual(readFileSync(chart.pngPath));
    }
    // Written: the report directory only. The artifact and its parent are as they were.
    expect(tree(root)).toEqual([...before, 'report dir'].sort());
    expect(readdirSync(join(root, 'outside'))).toEqual([]);
    expect(readdirSync(out).sort()).toEqual(['charts', 'comment.md', 'report.html', 'verdict.json']);
    expect(logged).toContainEqual(
      'info: artifact: 5 other entries not read ("..evil", "charts", "comment.md", "report", "report.html"); ' +
        'the comment and charts are rendered here from results.json and verdict.json',
    );
  }, 120_000);

  it('says in one line under the headline that the pull request changes the settings file', async () => {
    const compared = await measureAndUpload(readFileSync(AB, 'utf8'));
    writeFileSync(join(artifact, 'settings-changed.txt'), 'changed\n');
    await publish();
    const rendered = readFileSync(compared.report.commentPath, 'utf8');
    const posted = mock.comments[0]!.body;
    expect(posted).toContain(`\n\n${SETTINGS_CHANGED_LINE}\n\n`);
    // The comment as rendered, that line aside.
    const imageUrl = /https:\/\/github\.com\/octo-org\/server\/raw\/[0-9a-f]{40}\/pr-7\/42-1\/(\w+)\.png/g;
    expect(
      withoutState(posted).replace(`${SETTINGS_CHANGED_LINE}\n\n`, '').replace(imageUrl, 'charts/$1.png'),
    ).toBe(rendered);
    expect(logged).toContainEqual(`info: ${SETTINGS_CHANGED_LINE}`);
  }, 120_000);

  it('against a stored baseline: refused, the baseline.json it carries is never read', async () => {
    const measured = join(root, 'measured');
    const saved = saveBaseline(join(measured, 'baselines'), fixtureResults('quick-aa-5reps.json'), {
      testbed: 'ci',
      savedAt: '2025-01-01T00:00:00Z',
    });
    cpSync(join(FIXTURES, 'quick-aa-5reps.json'), join(measured, 'results.json'));
    const compared = await compareCommand({
      resultsPath: join(measured, 'results.json'),
      baselinePath: saved.path,
      outDir: join(measured, 'report'),
      force: false,
      options: DEFAULT_COMPARE_OPTIONS,
    });
    cpSync(join(measured, 'results.json'), join(artifact, 'results.json'));
    cpSync(compared.verdictPath, join(artifact, 'verdict.json'));
    cpSync(saved.path, join(artifact, 'baseline.json'));
    expect(compared.verdict.baseSource.kind).toBe('baseline');
    await expectRefused(
      'artifact refused: verdict.json compares with a stored baseline; the pull-request gate judges only an A/B run ' +
        '(base and head measured side by side), never reference numbers from the artifact',
      tree(root),
    );
  }, 120_000);

  it('of schema version 1: judged again, its unchanged cell now within tolerance', async () => {
    const v1 = JSON.parse(readFileSync(VERDICT_V1, 'utf8')) as Verdict;
    expect(v1.schemaVersion).toBe(1);
    expect(v1.cells.find((cell) => matches(cell, SMALL_CHANGE))?.verdict).toBe('unchanged');
    cpSync(join(FIXTURES, 'quick-aa-pinned-adaptive.json'), join(artifact, 'results.json'));
    cpSync(VERDICT_V1, join(artifact, 'verdict.json'));
    const published = await publish();
    expect(published.verdict.schemaVersion).toBe(VERDICT_SCHEMA_VERSION);
    const cell = published.verdict.cells.find((c) => matches(c, SMALL_CHANGE));
    expect(cell).toMatchObject({ verdict: 'within-tolerance', gating: false });
    expect(cell?.reason).toMatch(/^3\.3% better, within the 5\.0% tolerance; shown to be real /);
    expect(published.verdict.counts).toEqual({ ...v1.counts, withinTolerance: 0, unjudged: 0 });
    expect(mock.comments.map((comment) => comment.issueNumber)).toEqual([7]);
    expect(mock.comments[0]?.body).toMatch(
      /\| oltp\\_read\\_only \| 1 \| CPU time \(µs\/txn\) \|[^\n]*\| within tolerance \|/,
    );
  }, 120_000);

  it('from a fork: found by the head label of the workflow run', async () => {
    const results = fixtureResults('quick-ab-performance-schema.json');
    writeArtifact(results, verdictFor(results));
    mock.pullRequests.push({
      number: 12,
      headRepo: 'mallory/server',
      headRef: 'main',
      headSha: 'f'.repeat(40),
      state: 'open',
    });
    // Approved: a maintainer's approving review of the measured commit.
    mock.permissions.set('alice', 'maintain');
    mock.reviews.push({ pullNumber: 12, user: ALICE, state: 'APPROVED', commitId: 'f'.repeat(40) });
    const published = await publish({
      headSha: 'f'.repeat(40),
      headRepository: 'mallory/server',
      headLabel: 'mallory:main',
    });
    expect(published.pullRequest.number).toBe(12);
    expect(published.approval).toEqual({ kind: 'approved', by: 'alice', how: 'review' });
    expect(mock.comments.map((comment) => comment.issueNumber)).toEqual([12]);
  }, 120_000);
});

describe('compare and publish on the same artifact', () => {
  /** compare as the measuring half runs it, the artifact it uploads, then publish on that artifact. */
  async function bothVerdicts(results: Results): Promise<{ compared: string; published: string }> {
    const compared = await measureAndUpload(JSON.stringify(results));
    const published = await publish();
    return {
      compared: readFileSync(compared.verdictPath, 'utf8'),
      published: readFileSync(published.verdictPath, 'utf8'),
    };
  }

  it.each([
    ['a whole quick run', 'quick-ab-performance-schema.json'],
    ['a whole instructions run', 'instructions-performance-schema.json'],
  ])(
    'write identical verdict.json files: %s',
    async (_name, fixture) => {
      const { compared, published } = await bothVerdicts(fixtureResults(fixture));
      expect(published).toBe(compared);
    },
    120_000,
  );

  it.each([
    [1, 'an honest verdict'],
    [2, 'a verdict that leaves out the shard warning'],
  ])('refuse the results of shard %i/2 alone (%s): only merged results are judged', async (index) => {
    const shard = shardOf(fixtureResults('quick-ab-performance-schema.json'), index, 2);
    const honest = verdictFor(shard);
    const alone = honest.warnings.find((warning) => warning.includes('alone'));
    expect(alone).toBeDefined();
    writeArtifact(
      shard,
      index === 1 ? honest : { ...honest, warnings: honest.warnings.filter((warning) => warning !== alone) },
    );
    await expectRefused(
      `artifact refused: results.json holds shard ${index}/2 alone; publish judges the merged results of every shard (merge mode), never one shard`,
      tree(root),
    );
  });
});

describe('a tampered artifact', () => {
  let results: Results;
  let verdict: Verdict;

  beforeEach(() => {
    results = fixtureResults('quick-ab-performance-schema.json');
    verdict = verdictFor(results);
    writeArtifact(results, verdict);
  });

  it('a 50 MB verdict.json is refused before it is read', async () => {
    truncateSync(join(artifact, 'verdict.json'), 50 * 1024 * 1024);
    await expectRefused('artifact refused: verdict.json is 50.0 MiB, over its cap of 5.0 MiB', tree(root));
    // Only the pull request was looked up (by its commit) before the error status.
    expect(mock.requests.map((request) => request.operationId)).toEqual([
      'repos/list-pull-requests-associated-with-commit',
      'repos/create-commit-status',
    ]);
  });

  it('a results.json that is a link is refused', async () => {
    rmSync(join(artifact, 'results.json'));
    symlinkSync(AB, join(artifact, 'results.json'));
    await expectRefused(
      'artifact refused: results.json is a symbolic link; only regular files are read',
      tree(root),
    );
  });

  it.each([6, 0, '2'])('a verdict of schema version %j is refused', async (version) => {
    writeArtifact(results, { ...verdict, schemaVersion: version });
    await expectRefused(
      `artifact refused: verdict.json has verdict schema version ${JSON.stringify(version)}; this mysql-perf-gate reads versions 1, 2, 3, 4 and 5`,
      tree(root),
    );
  });

  it('a version 1 verdict may call a change within the tolerance unchanged, a version 2 verdict may not', async () => {
    const aa = fixtureResults('quick-aa-pinned-adaptive.json');
    const v1 = JSON.parse(readFileSync(VERDICT_V1, 'utf8')) as Verdict;
    // The same cells, relabelled version 2: it no longer follows from its results.
    writeArtifact(aa, { ...v1, schemaVersion: 2, counts: { ...v1.counts, withinTolerance: 0 } });
    await expectRefused(
      'artifact refused: verdict.json does not follow from results.json: it calls "oltp_read_only"@1 cpuTimeUs unchanged, the results give within-tolerance',
      tree(root),
    );
    // Nor may version 1 call anything within-tolerance: it had no such verdict.
    const cells = v1.cells.map((cell) =>
      matches(cell, SMALL_CHANGE) ? { ...cell, verdict: 'within-tolerance' } : cell,
    );
    writeArtifact(aa, { ...v1, cells });
    await expectRefused(
      /^artifact refused: verdict\.json is not a valid verdict file: cells\[\d+\]\.verdict = "within-tolerance": Invalid option/,
      tree(root),
    );
  });

  it('a verdict with wrong fields is refused, its schema complaints on one line', async () => {
    const cells = verdict.cells.map((cell, index) => (index === 0 ? { ...cell, verdict: 'approved' } : cell));
    writeArtifact(results, { ...verdict, cells, postAs: 'admin' });
    await expectRefused(
      'artifact refused: verdict.json is not a valid verdict file: cells[0].verdict = "approved": Invalid option: expected one of ' +
        '"regression"|"improvement"|"within-tolerance"|"unchanged"|"inconclusive" (and 1 more problem)',
      tree(root),
    );
  });

  it('results of another schema version are refused', async () => {
    writeArtifact({ ...results, schemaVersion: 99 }, verdict);
    await expectRefused(
      'artifact refused: results.json has results schema version 99; this mysql-perf-gate reads version 1',
      tree(root),
    );
  });

  it('a verdict that claims a pass its results do not give is refused', async () => {
    // The same server on both sides, five repetitions each; every head repetition 15% slower.
    const slower = fixtureResults('quick-aa-5reps.json');
    for (const cell of slower.cells) {
      if (cell.side === 'head') for (const repetition of cell.repetitions) repetition.report.tps *= 0.85;
    }
    const honest = verdictFor(slower);
    expect(honest.verdict).toBe('fail');
    const forged: Verdict = {
      ...honest,
      verdict: 'pass',
      counts: {
        ...honest.counts,
        regression: 0,
        unchanged: honest.counts.unchanged + honest.counts.regression,
      },
      cells: honest.cells.map((cell) =>
        cell.verdict === 'regression' ? { ...cell, verdict: 'unchanged' } : cell,
      ),
    };
    writeArtifact(slower, forged);
    const first = honest.cells.find((cell) => cell.verdict === 'regression')!;
    await expectRefused(
      `artifact refused: verdict.json does not follow from results.json: it calls "${first.workload}"@${first.threads} ${first.metric} unchanged, the results give regression`,
      tree(root),
    );
    // The regressions left out.
    writeArtifact(slower, { ...forged, cells: honest.cells.filter((cell) => cell.verdict !== 'regression') });
    await expectRefused(
      new RegExp(
        `^artifact refused: verdict\\.json does not follow from results\\.json: it judges \\d+ cells, the results give ${honest.cells.length}$`,
      ),
      tree(root),
    );
    // The top-level verdict alone, forged.
    writeArtifact(slower, { ...honest, verdict: 'pass' });
    await expectRefused(
      'artifact refused: verdict.json does not follow from results.json: it says pass, the results give fail',
      tree(root),
    );
  });

  it('HTML and @mentions in workload names its suite does not define: refused in one line, nothing posted', async () => {
    const evil = '<img src=x onerror=alert(1)> @octo-org/admins';
    const renamed = structuredClone(results);
    const target = renamed.cells[0]!.workload;
    for (const cell of renamed.cells) if (cell.workload === target) cell.workload = evil;
    writeArtifact(renamed, verdictFor(renamed));
    const message = await expectRefused(
      /^artifact refused: results\.json is not a valid results file: cells\[\d+\]\.workload = "<img src=x onerror=alert\(1\)> @octo-org\/admins": the suite "quick" has no such workload/,
      tree(root),
    );
    expect(message).toContain('(and ');
  }, 120_000);

  // Before the run's pull request is found, the commit may be another pull request's head too:
  // refused with no status on it.
  async function expectRefusedWithoutStatus(reason: string): Promise<void> {
    const before = tree(root);
    await expect(publish()).rejects.toThrow(reason);
    expect(mock.comments).toEqual([]);
    expect(mock.statuses).toEqual([]);
    expect(mock.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(tree(root)).toEqual(before);
  }

  it('a pull request number that belongs to another head SHA is refused', async () => {
    writeFileSync(join(artifact, 'pull-request.txt'), '8\n');
    await expectRefusedWithoutStatus(
      `pull request #8 (from pull-request.txt of the artifact) is not an open pull request of octo-org/server with head ${HEAD} from octo-org/server (#7 has that head); not posting`,
    );
  });

  it('a pull-request.txt that is not a number is refused', async () => {
    writeFileSync(join(artifact, 'pull-request.txt'), '7; rm -rf /');
    await expectRefusedWithoutStatus(
      'artifact refused: pull-request.txt holds "7; rm -rf /", not a pull request number',
    );
  });

  it('a settings-changed.txt holding anything but "changed" is refused', async () => {
    writeFileSync(join(artifact, 'settings-changed.txt'), '@octo-org/admins approve');
    await expectRefused(
      'artifact refused: settings-changed.txt holds "@octo-org/admins app", not "changed"',
      tree(root),
    );
  });

  it('a verdict against a stored baseline is refused, with or without a baseline.json', async () => {
    writeArtifact(results, { ...verdict, baseSource: { kind: 'baseline', path: 'x', savedAt: null } });
    await expectRefused(/^artifact refused: verdict\.json compares with a stored baseline; /, tree(root));
  });

  it('results of one server are refused', async () => {
    const single = {
      ...results,
      mode: 'single' as const,
      sides: { head: results.sides.head },
      cells: results.cells.filter((cell) => cell.side === 'head'),
    };
    writeArtifact(single, verdict);
    await expectRefused(
      'artifact refused: verdict.json compares the two sides of an A/B run, but results.json measured one server',
      tree(root),
    );
  });

  it('a report directory inside the artifact is refused before anything is read, through a link too', async () => {
    const overlap =
      /the report directory .* and the artifact directory .* overlap; write the report elsewhere/;
    await expect(publish({ outDir: join(artifact, 'report') })).rejects.toThrow(overlap);
    await expect(publish({ outDir: root })).rejects.toThrow(overlap);
    symlinkSync(artifact, join(root, 'link'));
    await expect(publish({ outDir: join(root, 'link', 'report') })).rejects.toThrow(overlap);
    expect(mock.requests).toEqual([]);
  });
});

describe('reading one file of the artifact', () => {
  // Inside the root every test gets (and loses afterwards), so nothing is left in /tmp.
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(root, 'read-'));
  });

  it('reads a file up to its cap, and says absent for a missing one', () => {
    writeFileSync(join(dir, 'pull-request.txt'), '7'.repeat(64));
    expect(readArtifactFile(dir, 'pull-request.txt')).toBe('7'.repeat(64));
    expect(readArtifactFile(dir, 'verdict.json')).toBeNull();
    writeFileSync(join(dir, 'pull-request.txt'), '7'.repeat(65));
    expect(() => readArtifactFile(dir, 'pull-request.txt')).toThrow(
      new ArtifactError('artifact refused: pull-request.txt is 65 bytes, over its cap of 64 bytes'),
    );
  });

  it('refuses a directory where a file should be', () => {
    mkdirSync(join(dir, 'results.json'));
    expect(() => readArtifactFile(dir, 'results.json')).toThrow(
      'artifact refused: results.json is not a regular file',
    );
  });
});

describe('the publish inputs', () => {
  it('need the artifact and the full head SHA', () => {
    expect(() =>
      publishPathsFromFlags(
        { artifact: undefined, headSha: HEAD, headRepository: 'o/r', reportDir: undefined },
        actionSpelling,
      ),
    ).toThrow('input "artifact": name the directory the measuring run\'s artifact was downloaded to');
    expect(() =>
      publishPathsFromFlags(
        { artifact: 'a', headSha: 'abc123', headRepository: 'o/r', reportDir: undefined },
        actionSpelling,
      ),
    ).toThrow(
      'input "head-sha" "abc123": expected the measured commit\'s full SHA (github.event.workflow_run.head_sha)',
    );
    expect(
      publishPathsFromFlags({ artifact: 'a', headSha: HEAD, headRepository: 'o/r', reportDir: undefined }),
    ).toEqual({ artifactDir: 'a', headSha: HEAD, headRepository: 'o/r', outDir: 'mysql-perf-gate-report' });
  });

  it.each([undefined, '', 'octo-org', 'a/b/c', 'o/r\nx'])(
    'need the head repository as owner/name: %j',
    (headRepository) => {
      expect(() =>
        publishPathsFromFlags(
          { artifact: 'a', headSha: HEAD, headRepository, reportDir: undefined },
          actionSpelling,
        ),
      ).toThrow(/^input "head-repository" ".*": expected the measuring run's head repository as owner\/name/);
    },
  );

  it('fold a schema complaint into one line without control characters', () => {
    expect(oneLine('x.json is not valid:\n  - a: bad\n  - b: \u001b[31mworse')).toBe(
      'x.json is not valid: a: bad; b:  [31mworse',
    );
  });
});
