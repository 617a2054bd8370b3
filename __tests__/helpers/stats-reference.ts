// The Python reference programs of __fixtures__/stats, run with the packages pinned in
// __fixtures__/stats/requirements.txt, which `scripts/install-deps.sh --tests` installs in
// .work/stats-reference. When they are missing or at other versions, the tests that compare with
// them fail under CI=true (a runner that lost them cannot turn the suite green by skipping) and
// are skipped elsewhere, saying why.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');
export const STATS_FIXTURES = join(ROOT, '__fixtures__/stats');
const PYTHON = join(ROOT, '.work/stats-reference/bin/python');
const REQUIREMENTS = join(STATS_FIXTURES, 'requirements.txt');
const INSTALL = 'scripts/install-deps.sh --tests installs them';

// Reads the installed versions without importing the packages (importing scipy takes a second).
const CHECK_VERSIONS = `
import sys, importlib.metadata as metadata
wrong = []
for pin in sys.argv[1:]:
    name, want = pin.split("==")
    try:
        have = metadata.version(name)
    except metadata.PackageNotFoundError:
        have = "missing"
    if have != want:
        wrong.append(f"{name} {have} (pinned {want})")
print(", ".join(wrong))
`;

let checked: { readonly problem: string | undefined } | undefined;

/** Why the reference programs cannot run here, or undefined when they can. Checked once. */
export function statsReferenceProblem(): string | undefined {
  checked ??= { problem: findProblem() };
  return checked.problem;
}

function findProblem(): string | undefined {
  if (!existsSync(PYTHON)) return `${relative(ROOT, PYTHON)} does not exist (${INSTALL})`;
  const pins = readFileSync(REQUIREMENTS, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const check = spawnSync(PYTHON, ['-c', CHECK_VERSIONS, ...pins], { encoding: 'utf8' });
  if (check.status !== 0) {
    return `${relative(ROOT, PYTHON)} could not be run (${check.error?.message ?? lastLine(check.stderr)})`;
  }
  const wrong = check.stdout.trim();
  return wrong === ''
    ? undefined
    : `.work/stats-reference has ${wrong}; ${relative(ROOT, REQUIREMENTS)} pins them (${INSTALL})`;
}

/**
 * describe(title, body) when the reference programs can run. Otherwise body is not run: under
 * CI=true a failing test says why, elsewhere a skipped one does (and a line on stderr).
 */
export function describeWithStatsReference(title: string, body: () => void): void {
  const problem = statsReferenceProblem();
  if (problem === undefined) {
    describe(title, body);
  } else if (process.env.CI === 'true') {
    describe(title, () => {
      it('needs the reference Python packages', () => {
        throw new Error(`${problem}; CI=true, so the comparison fails instead of being skipped`);
      });
    });
  } else {
    process.stderr.write(`skipping "${title}": ${problem} (set CI=true to make this an error)\n`);
    describe.skip(title, () => {
      it(`needs the reference Python packages: ${problem}`, () => undefined);
    });
  }
}

/** Runs one program of __fixtures__/stats and returns the JSON it printed. */
export function runStatsReference(script: string, args: readonly string[] = []): unknown {
  const run = spawnSync(PYTHON, [join(STATS_FIXTURES, script), ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  });
  if (run.status !== 0) {
    const why = run.error?.message ?? `exit status ${String(run.status ?? run.signal)}`;
    throw new Error(`${script} failed (${why}): ${lastLine(run.stderr)}`);
  }
  return JSON.parse(run.stdout);
}

function lastLine(text: string | null): string {
  return (text ?? '').trim().split('\n').at(-1) ?? '';
}
