// The bundled action (dist/index.js, or ACTION_BUNDLE_DIR's) run the way the runner runs it:
// inputs in INPUT_* variables (named as the runner names them: INPUT_GATE-WORK), outputs to the
// file named by GITHUB_OUTPUT, log groups and errors as workflow commands.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { parseResults, readResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import { shardCellNames } from '../../src/run/shards.js';
import { cellName, selectCells, suiteCellsNamed } from '../../src/suite/select-cells.js';
import { cutSuite } from '../helpers/cut-suite.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT, TINY_SUITE, useTempDir } from '../helpers/real-run.js';

/** The bundle under test: dist/, or a trial bundle (ACTION_BUNDLE_DIR, inside the clone). */
const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');

const maybe = describeWithServer();
const temp = useTempDir('gate-action-');

/**
 * The tiny suite (its name, two repetitions) cut to one cell, 2 s repetitions and no warm-up: the
 * runs here are about the action's inputs, outputs and log, not about what they measure.
 */
function smallSuite(): string {
  return cutSuite('tiny', temp.path, 'tiny.yml', {
    workloads: ['oltp_point_select'],
    fields: { threads: [1], durationSeconds: 2, warmupSeconds: 0 },
  });
}

function runAction(
  inputs: Record<string, string>,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; outputs: string }> {
  const outputFile = join(temp.path, 'github-output');
  writeFileSync(outputFile, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: join(temp.path, 'runner-temp'),
    ...extraEnv,
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(process.execPath, [join(BUNDLE_DIR, 'index.js')], {
    env,
    cwd: temp.path,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout, outputs: readFileSync(outputFile, 'utf8') });
    });
  });
}

/** Where a tool is on this machine's PATH. */
function which(tool: string): string {
  return execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
}

maybe('the action', () => {
  it('measures a server with options of the settings file and the runner check first: outputs, grade, job summary, a group per phase', async () => {
    const summaryFile = join(temp.path, 'step-summary.md');
    writeFileSync(summaryFile, '');
    // The workspace's settings file gives the server options and the lowest grade; an input given
    // in the workflow (the suite) wins over the file's.
    mkdirSync(join(temp.path, '.github'));
    writeFileSync(
      join(temp.path, '.github', 'mysql-perf-gate.yml'),
      'set: [performance_schema=ON, max_connections=77]\ndoctor-min-grade: F\nsuite: standard\n',
    );
    const { code, stdout, outputs } = await runAction(
      { server: '/usr/sbin/mariadbd', suite: smallSuite(), out: 'perf/results.json' },
      { GITHUB_STEP_SUMMARY: summaryFile },
    );
    expect({ code, stdout: code === 0 ? '' : stdout }).toEqual({ code: 0, stdout: '' });
    expect(stdout).toContain(
      'settings from .github/mysql-perf-gate.yml: set performance_schema=ON, max_connections=77; doctor-min-grade F (given as inputs instead: suite)',
    );
    expect(stdout).toContain('::group::Set up servers');
    expect(stdout).toContain('::group::Measure suite tiny');
    expect(outputs).toMatch(/^results<<.*\nperf\/results.json\n/m);
    expect(outputs).toMatch(/^raw-dir<<.*\nperf\/results.raw\n/m);
    const results = readResults(join(temp.path, 'perf/results.json'));
    expect(results.sides.head.variables.max_connections).toBe('77');
    expect(results.sides.head.variables.performance_schema).toBe('ON');
    expect(existsSync(join(temp.path, 'perf/results.raw/head-error.log'))).toBe(true);
    expect(processesMentioning(join(temp.path, 'runner-temp'))).toEqual([]);

    // The runner check (doctor: warn, the default) ran first.
    expect(stdout.indexOf('::group::Runner check')).toBeLessThan(
      stdout.indexOf('::group::Measure suite tiny'),
    );
    const grade = /^runner-grade<<.*\n([A-F])\n/m.exec(outputs)?.[1];
    expect(grade).toMatch(/^[A-F]$/);
    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toMatch(new RegExp(`^### Runner check: grade ${grade ?? ''} \\(\\d+/100\\)`, 'm'));
    expect(summary).toMatch(/^\| .* \| throughput noise \| oltp\\_point\\_select tps CV /m);
    expect(results.environment.runnerCheck?.letter).toBe(grade);
  });

  it('judges an A/B run: verdict outputs, verdict.json with the config diff, the step passes on an inconclusive verdict', async () => {
    const summaryFile = join(temp.path, 'step-summary.md');
    writeFileSync(summaryFile, '');
    const { code, stdout, outputs } = await runAction(
      {
        base: '/usr/sbin/mariadbd',
        head: '/usr/sbin/mariadbd',
        'head-set': 'performance_schema=ON',
        suite: smallSuite(),
        out: 'perf/results.json',
        // The runner check is the test above's; off here, it is neither run nor reported.
        doctor: 'off',
      },
      { GITHUB_STEP_SUMMARY: summaryFile },
    );
    expect({ code, stdout: code === 0 ? '' : stdout }).toEqual({ code: 0, stdout: '' });
    expect(stdout).toContain('::group::Compare');
    expect(stdout).not.toContain('::group::Runner check');
    expect(outputs).not.toMatch(/^runner-grade<</m);
    // Two repetitions a side (the tiny suite) cannot show a regression: the verdict says so.
    expect(outputs).toMatch(/^verdict<<.*\ninconclusive\n/m);
    expect(outputs).toMatch(/^regressions<<.*\n0\n/m);
    expect(outputs).toMatch(/^verdict-path<<.*\n.*perf\/report\/verdict.json\n/m);
    expect(stdout).toMatch(/::warning::inconclusive: \d+ cell\(s\) too noisy to judge/);
    const verdict = JSON.parse(readFileSync(join(temp.path, 'perf/report/verdict.json'), 'utf8')) as {
      configDiff: { name: string }[];
    };
    expect(verdict.configDiff.map((entry) => entry.name)).toContain('performance_schema');
    // The job summary ends with the time of every stage: servers, measuring per side, compare, report.
    const summary = readFileSync(summaryFile, 'utf8');
    expect(summary).toContain('### Time per stage');
    for (const stage of [
      'server start (base)',
      'data prepare (head)',
      'measure (base)',
      'compare',
      'report',
    ]) {
      expect(summary).toMatch(new RegExp(`^\\| ${stage.replace(/[()]/g, '\\$&')} \\| \\d+\\.\\d s \\|`, 'm'));
    }
    expect(summary).toMatch(/^\| \*\*total\*\* \| \*\*\d+\.\d s\*\* \|/m);
  });

  it('with doctor: fail, a grade below doctor-min-grade fails the step before anything is measured', async () => {
    // Another runner on the machine (25 points), and on PATH only what the run's checks before the
    // runner check need (sysbench, and taskset to pin): no valgrind, compilers or perf (10 more).
    // The grade is D or lower. The sandbox still counts: bwrap is looked up in the system's
    // directories, not on the caller's PATH.
    const tools = join(temp.path, 'tools');
    mkdirSync(tools);
    for (const tool of ['sysbench', 'taskset']) symlinkSync(which(tool), join(tools, tool));
    symlinkSync(which('sleep'), join(tools, 'Runner.Listener'));
    const runner = spawn(join(tools, 'Runner.Listener'), ['300'], { stdio: 'ignore' });
    try {
      const { code, stdout } = await runAction(
        {
          server: '/usr/sbin/mariadbd',
          suite: TINY_SUITE,
          out: 'perf/results.json',
          doctor: 'fail',
          'doctor-min-grade': 'C',
        },
        { PATH: tools },
      );
      expect(code).toBe(1);
      expect(stdout).toMatch(
        /^::error::runner check: grade [DEF] \(\d+\/100\): .*another runner: Runner\.Listener .*; below C \(input "doctor-min-grade"\); input "doctor" is fail, so nothing was measured$/m,
      );
      expect(stdout).not.toContain('::group::Measure suite tiny');
      expect(existsSync(join(temp.path, 'perf/results.json'))).toBe(false);
    } finally {
      runner.kill('SIGKILL');
    }
  });

  it('checks the run before the runner check: a server path with a typo is refused first', async () => {
    const { code, stdout } = await runAction({
      server: '/opt/mariadb-11.4-typo',
      suite: TINY_SUITE,
      doctor: 'fail',
    });
    expect(code).toBe(1);
    expect(stdout).toContain(
      '::error::input "server" /opt/mariadb-11.4-typo: no such file or directory; pass a mysqld/mariadbd binary or its install prefix',
    );
    expect(stdout).not.toContain('::group::Runner check');
  });

  it('refuses an unknown input "doctor"', async () => {
    const { code, stdout } = await runAction({ server: '/usr/sbin/mariadbd', doctor: 'maybe' });
    expect(code).toBe(1);
    expect(stdout).toContain('::error::input "doctor" maybe: expected warn, fail, off');
  });

  it('fails the step with a message naming the input problem', async () => {
    const { code, stdout } = await runAction({ server: '/usr/sbin/mariadbd', base: '/usr/sbin/mariadbd' });
    expect(code).toBe(1);
    expect(stdout).toContain(
      '::error::use either input "server" (one server) or input "base" and input "head" (two), not both',
    );
  });

  // One build serves both: the compile error's annotations and the ccache directory's restore and
  // save around the failed build (each run configures the tree afresh, about 20 s).
  it('with input "source", builds first: a compile error is an annotation and the step fails with one line; on a GitHub-hosted runner the ccache directory is restored first and saved after (no cache service here: warnings)', async () => {
    const tree = join(temp.path, 'checkout');
    cpSync(join(ROOT, '__fixtures__/source-trees/fake-mariadb'), tree, { recursive: true });
    const { code, stdout, outputs } = await runAction(
      {
        source: tree,
        compiler: 'gcc',
        'cmake-args': '-DFAKE_BREAK=ON',
        'ccache-dir': join(temp.path, 'ccache'),
        'build-dir': 'builds',
      },
      { RUNNER_ENVIRONMENT: 'github-hosted' },
    );
    expect(code).toBe(1);
    expect(stdout).toContain('::group::Build the server (gcc)');
    // Relative to the workspace (the step's working directory here), as annotations need.
    expect(stdout).toMatch(/::error file=checkout\/sql\/broken\.c,line=3,col=10::.*undeclared_variable/);
    expect(stdout).toMatch(
      /^::error::compile error: sql\/broken\.c:3: .*; full log: .*builds\/gcc\.build\/build\.log$/m,
    );
    expect(outputs).not.toContain('server-prefix');
    // The group shows that the separately bundled @actions/cache loaded and was asked.
    expect(stdout).toContain('::group::Restore the ccache directory');
    expect(stdout.indexOf('::group::Restore the ccache directory')).toBeLessThan(
      stdout.indexOf('::group::Build the server'),
    );
    // Saved after the failed build too: what compiled is reused by the next push.
    expect(stdout).toMatch(/::warning::Failed to save: .*Cache Service Url not found/);
    expect(stdout.indexOf('Failed to save')).toBeGreaterThan(stdout.indexOf('::group::Build the server'));
  });

  it('refuses input "source" together with input "server"', async () => {
    const { code, stdout } = await runAction({ source: '.', server: '/usr/sbin/mariadbd' });
    expect(code).toBe(1);
    expect(stdout).toContain(
      '::error::input "source" builds the servers to measure; leave inputs "server", "base" and "head" empty with it',
    );
  });
});

/**
 * A real run's results cut into its two shards (as run --shard K/2 writes them), in the temp
 * directory: mode merge judges them with no server started, so the judging inputs are tried in
 * seconds. quick-durability.json's head does more work per transaction (fsyncs, binlog) and is
 * slower on the cells that write.
 */
function writeShards(dir: string): string {
  const path = join(ROOT, '__fixtures__', 'results', 'quick-durability.json');
  const whole = parseResults(readFileSync(path, 'utf8'), path);
  for (const index of [1, 2]) {
    const names = shardCellNames(whole.suite, ['base', 'head'], { index, count: 2 });
    const shard: Results = {
      ...whole,
      suite: selectCells(whole.suite, suiteCellsNamed(whole.suite, names, 'cell')),
      cells: whole.cells.filter((cell) => names.includes(cellName(cell))),
      rawDir: `shard-${index}.raw`,
      shard: {
        index,
        count: 2,
        suite: whole.suite,
        cells: names,
        servers: {
          base: { binarySha256: 'a'.repeat(64), build: null },
          head: { binarySha256: 'a'.repeat(64), build: null },
        },
      },
    };
    mkdirSync(join(dir, `shard-${index}`, `shard-${index}.raw`), { recursive: true });
    writeFileSync(join(dir, `shard-${index}`, 'results.json'), JSON.stringify(shard));
  }
  return dir;
}

describe('the action judging (mode merge, no server): boolean inputs as GitHub reads them', () => {
  const judge = (inputs: Record<string, string>) =>
    runAction({
      mode: 'merge',
      shards: writeShards(join(temp.path, 'shards')),
      out: 'perf/results.json',
      ...inputs,
    });

  it('with fail-on-regression: False, a failing verdict does not fail the step', async () => {
    const failing = await judge({});
    expect(failing.code).toBe(1);
    expect(failing.outputs).toMatch(/^verdict<<.*\nfail\n/m);
    expect(failing.stdout).toMatch(/^::error::\d+ regression\(s\); see /m);

    const { code, stdout, outputs } = await judge({ 'fail-on-regression': 'False' });
    expect({ code, stdout: code === 0 ? '' : stdout }).toEqual({ code: 0, stdout: '' });
    expect(outputs).toMatch(/^verdict<<.*\nfail\n/m);
    expect(stdout).not.toContain('::error::');
  });

  it('with gate-work: True, the changed work per transaction fails the gate', async () => {
    // Gating on instructions, which a quick suite does not measure: only the work can fail it.
    const off = await judge({ gate: 'instructions' });
    expect({ code: off.code, stdout: off.code === 0 ? '' : off.stdout }).toEqual({ code: 0, stdout: '' });

    const { code, stdout } = await judge({ gate: 'instructions', 'gate-work': 'True' });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^::error::the work per transaction changed .*; see /m);
    const verdict = JSON.parse(readFileSync(join(temp.path, 'perf/report/verdict.json'), 'utf8')) as {
      settings: { gateWork?: boolean };
    };
    expect(verdict.settings.gateWork).toBe(true);
  });

  it('refuses gate-work: yes, naming the input, before anything is merged or judged', async () => {
    const { code, stdout } = await judge({ 'gate-work': 'yes' });
    expect(code).toBe(1);
    expect(stdout).toContain(
      '::error::input "gate-work" "yes": expected true or false (true, True, TRUE, false, False, FALSE)',
    );
    expect(existsSync(join(temp.path, 'perf/results.json'))).toBe(false);
  });
});
