// An untrusted build that takes what it can (__fixtures__/source-trees/greedy-mariadb): a fork
// bomb and a memory hog each end the build in one line naming the limit they reached, with
// nothing of theirs left running; a 200 MB log flood is kept to the log's cap, its head and tail,
// saying how much it dropped; a 2 GiB file left in the build directory fails the check after the
// build, which names it. Small limits keep each case to seconds.
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from '@jest/globals';

import { LOG_CAP } from '../../src/builder/logged-step.js';
import { CGROUP_CONTAINER, CgroupSystem } from '../../src/shell/cgroup.js';
import { groupOwner } from '../../src/shell/cgroup-files.js';
import { layoutHierarchies } from '../../src/shell/cgroup-layout.js';
import { procStat } from '../../src/shell/proc-stat.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { runSourceCli } from '../helpers/source-cli.js';

const FIXTURE = join(ROOT, '__fixtures__/source-trees/greedy-mariadb');
const system = CgroupSystem.detect();
const limited = system.missing(['processes', 'memory']).length === 0;
const needed = ['bwrap', 'cmake', 'ninja', 'gcc'];
const describeIf = needed.every((name) => requireCommand(name)) ? describe : describe.skip;
if (!limited)
  process.stderr.write('skipping the limit cases: this machine gives no process and memory cgroups\n');
const itLimited = limited ? it : it.skip;

/**
 * The tool's control groups of `kind` still there whose run is gone: what a run of this test left
 * (other runs on the machine may have groups of their own meanwhile, while they run).
 */
function groupsLeft(kind = '-build-'): string[] {
  return layoutHierarchies(system.layout).flatMap((place) => {
    const container = join(place.parent, CGROUP_CONTAINER);
    return existsSync(container)
      ? readdirSync(container, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && entry.name.includes(kind))
          .filter((entry) => {
            const owner = groupOwner(entry.name);
            return owner !== undefined && procStat(owner.pid)?.startTime !== owner.startTime;
          })
          .map((entry) => join(container, entry.name))
      : [];
  });
}

/** Processes whose command line is `sleep 613`: the fork bomb's. */
function sleepers(): number {
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return readFileSync(`/proc/${entry}/cmdline`, 'utf8') === 'sleep\u0000613\u0000';
    } catch {
      return false;
    }
  }).length;
}

describeIf('an untrusted build that takes what it can', () => {
  const tmp = useTempDir('limits-');

  async function build(
    greedy: string,
    ...flags: string[]
  ): Promise<{ code: number | null; output: string; prefix: string }> {
    const src = join(tmp.path, `src-${greedy}`);
    cpSync(FIXTURE, src, { recursive: true });
    const prefix = join(tmp.path, `prefix-${greedy}`);
    const run = await runSourceCli([
      'build',
      '--source',
      src,
      '--compiler',
      'gcc',
      '--prefix',
      prefix,
      '--untrusted',
      '--ccache',
      'off',
      '--cmake-arg',
      `-DGREEDY=${greedy}`,
      ...flags,
    ]);
    return { ...run, prefix };
  }

  /** The one line the build ended with (the CLI's error line). */
  function lastLine(output: string): string {
    return output.trim().split('\n').at(-1) ?? '';
  }

  itLimited(
    'stops a fork bomb at the process limit, naming it in one line',
    async () => {
      const started = Date.now();
      const { code, output, prefix } = await build('forkbomb', '--max-processes', '64');
      const line = lastLine(output);
      process.stderr.write(`fork bomb (${Math.round((Date.now() - started) / 1000)} s): ${line}\n`);
      expect(code).toBe(2);
      expect(line).toMatch(
        new RegExp(
          `^mysql-perf-gate: the build of .*src-forkbomb hit its process limit \\(--max-processes 64\\): \\d+ forks? (was|were) refused at 64 processes and threads; its logs are in ${prefix}\\.build$`,
        ),
      );
      expect(sleepers()).toBe(0);
      expect(groupsLeft()).toEqual([]);
    },
    120_000,
  );

  itLimited(
    'stops a memory hog at the memory limit, naming it in one line',
    async () => {
      const { code, output } = await build('memory', '--max-memory', '128M');
      const line = lastLine(output);
      process.stderr.write(`memory hog: ${line}\n`);
      expect(code).toBe(2);
      expect(line).toMatch(
        /^mysql-perf-gate: the build of .*src-memory hit its memory limit \(--max-memory 128M\): the kernel killed \d+ process(es)? of it for want of memory \(128\.0 MiB\); its logs are in /,
      );
      expect(groupsLeft()).toEqual([]);
    },
    120_000,
  );

  it('keeps a 200 MB log to its cap: its head and tail, and how much it dropped', async () => {
    const { code, output, prefix } = await build('flood');
    expect(code).toBe(2);
    const log = join(`${prefix}.build`, 'build.log');
    const bytes = statSync(log).size;
    const text = readFileSync(log, 'utf8');
    const dropped = /\[… [\d.]+ MiB \((\d+) bytes\) of output dropped here/.exec(text);
    process.stderr.write(
      `log flood: build.log ${(bytes / 2 ** 20).toFixed(1)} MiB (cap ${(LOG_CAP.headBytes + LOG_CAP.tailBytes) / 2 ** 20} MiB), ${Number(dropped?.[1] ?? 0) / 2 ** 20} MiB dropped\n`,
    );
    expect(bytes).toBeLessThan(LOG_CAP.headBytes + LOG_CAP.tailBytes + 1024);
    expect(text).toContain('flood line 1\nflood line 2\n');
    expect(text).toContain('the last line of the flood');
    expect(Number(dropped?.[1])).toBeGreaterThan(100_000_000);
    expect(output).toMatch(
      /build printed [\d.]+ MiB; .*build\.log keeps its first 32\.0 MiB and last 32\.0 MiB \([\d.]+ MiB dropped between\)/,
    );
  }, 180_000);

  it('names a 2 GiB file left in the build directory, in the check after the build', async () => {
    const { code, output, prefix } = await build('bigfile');
    const line = lastLine(output);
    process.stderr.write(`big file: ${line}\n`);
    expect(code).toBe(2);
    expect(line).toContain(`the untrusted build left 20`);
    expect(line).toContain(`in --build-dir ${prefix}.build, more than the 1024.0 MiB it may`);
    expect(line).toContain(`its largest files are ${prefix}.build/left-behind.bin (2048.0 MiB)`);
  }, 180_000);

  itLimited(
    "stops an untrusted side's server at its process limit, naming it in one line",
    async () => {
      if (!requireCommand('mariadbd') || !requireCommand('sysbench')) return;
      const out = join(tmp.path, 'server-run', 'results.json');
      const { code, output } = await runSourceCli([
        'run',
        '--server',
        '/usr/sbin/mariadbd',
        '--untrusted-side',
        'head',
        '--max-processes',
        '12',
        '--suite',
        join(ROOT, '__fixtures__/suites/tiny.yml'),
        '--out',
        out,
      ]);
      // The error's first line; the bootstrap's own output is quoted after it.
      const line = output.split('\n').find((text) => text.startsWith('mysql-perf-gate: ')) ?? '';
      process.stderr.write(`server at 12 processes: ${line.slice(0, 400)}\n`);
      expect(code).toBe(2);
      expect(output).toContain("the head's server runs in the control group");
      expect(line).toMatch(
        /^mysql-perf-gate: the head's server hit its process limit \(--max-processes 12\): \d+ forks? (was|were) refused at 12 processes and threads; /,
      );
      expect(groupsLeft('-server-')).toEqual([]);
    },
    180_000,
  );
});
