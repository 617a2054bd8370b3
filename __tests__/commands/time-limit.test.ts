// The job's time limit, before anything is built: the gate (the action's measure mode) refuses
// builds and a plan that do not fit, in one line naming the shards that would, without building,
// restoring a cache or taking the machine lock; the builds are estimated from each prefix's last
// build.json; `run --time-limit` refuses the same way from the command line; and what the limit
// leaves over caps the wait for the machine lock.
import { jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { commonBuildRequest } from '../../src/commands/build.js';
import { gateCommand, type GateEvents, judgeSettingsFromFlags, planGate } from '../../src/commands/gate.js';
import type { RunFlags } from '../../src/commands/run.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import { capLockTimeout } from '../../src/commands/time-limit.js';
import { InputError } from '../../src/errors.js';
import { gccBuild } from '../helpers/build-info.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { runSourceCli } from '../helpers/source-cli.js';

let dir: string;
let logged: string[];
const logger = recordingLogger(() => logged);

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-time-limit-'));
  logged = [];
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const RUN: RunFlags = {
  set: [],
  baseSet: [],
  headSet: [],
  suite: 'standard',
  out: 'results.json',
  timeLimit: '180m',
};

/** The gate of a pull request's job: both trees built into `buildDir`, then the suite measured. */
function gatePlan(timeLimit: string) {
  const common = commonBuildRequest({ buildType: 'RelWithDebInfo', ccache: 'off' }, actionSpelling);
  const builds = {
    // Trees that do not exist: building would fail at once, with another message.
    source: join(dir, 'head'),
    baseSource: join(dir, 'base'),
    compiler: 'gcc-12',
    baseCompiler: undefined,
    common,
    buildDir: join(dir, 'build'),
  };
  const judge = judgeSettingsFromFlags(
    {
      baseline: undefined,
      reportDir: undefined,
      force: false,
      failOnRegression: true,
      tolerance: [],
      alpha: '0.05',
      inconclusive: 'pass',
      gate: 'tps,instructions',
    },
    actionSpelling,
  );
  return planGate({ ...RUN, timeLimit }, builds, judge);
}

function spyEvents(): { events: GateEvents; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    events: {
      cacheFor: () => {
        calls.push('cache restored');
        return Promise.resolve(undefined);
      },
      built: (side) => calls.push(`${side} built`),
    },
  };
}

describe('the gate against the time limit', () => {
  it('refuses two unrecorded builds and the standard suite in 180 minutes before building anything', async () => {
    const { events, calls } = spyEvents();
    const refusal = gateCommand(gatePlan('180m'), { sinks: [], context: {} }, events, logger);
    await expect(refusal).rejects.toThrow(InputError);
    await expect(refusal).rejects.toThrow(
      // (The time this test process has run counts as time the job spent already.)
      /^refusing to start: (\S+ spent already, )?building about 1h00m \(no earlier build recorded: 30m00s each\), measuring about 2h\d\dm and a margin of .* over input "time-limit" 3h00m; 2 shards would fit .*run --shard K\/2, or measure.yml's input shards: 2\), or raise input "time-limit"$/,
    );
    expect(calls).toEqual([]);
    expect(readdirSync(dir)).toEqual([]); // no build directory, no prefix
  });

  it("estimates each side from its prefix's last build.json: two recorded builds of a minute fit", async () => {
    for (const side of ['base', 'head']) {
      const prefix = join(dir, 'build', `${side}-gcc-12`);
      mkdirSync(prefix, { recursive: true });
      const info = gccBuild({ seconds: { configure: 5, build: 50, install: 5 } });
      writeFileSync(join(prefix, 'build.json'), JSON.stringify(info));
    }
    const { events, calls } = spyEvents();
    // The job has run a minute so far (the test worker's own uptime depends on the whole suite).
    const uptime = jest.spyOn(process, 'uptime').mockReturnValue(60);
    // It fits, so the gate goes on to check the builds, and fails at the missing tree, before it
    // takes the lock or restores a cache.
    const state = join(dir, 'state');
    const before = process.env.MYSQL_PERF_GATE_STATE_DIR;
    process.env.MYSQL_PERF_GATE_STATE_DIR = state;
    try {
      await expect(gateCommand(gatePlan('180m'), { sinks: [], context: {} }, events, logger)).rejects.toThrow(
        /^source tree .*\/(base|head) is not a directory/,
      );
    } finally {
      uptime.mockRestore();
      if (before === undefined) delete process.env.MYSQL_PERF_GATE_STATE_DIR;
      else process.env.MYSQL_PERF_GATE_STATE_DIR = before;
    }
    expect(logged.join('\n')).toMatch(
      /time limit: the builds and the plan fit input "time-limit" with about \d+ minutes to spare/,
    );
    expect(calls).toEqual([]);
  });
});

describe('run --time-limit', () => {
  it('refuses a plan that does not fit in one line, before any server starts, exit status 2', async () => {
    const { code, output } = await runSourceCli([
      'run',
      '--server',
      '/nonexistent/mariadbd',
      '--suite',
      'standard',
      '--time-limit',
      '30m',
    ]);
    expect(code).toBe(2);
    const lines = output.split('\n').filter((line) => line.includes('refusing to start'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /refusing to start: measuring about 1h\d\dm and a margin of \d+m\d\ds make about 1h\d\dm, over --time-limit 30m00s; \d shards would fit .*run --shard K\/\d/,
    );
  });
});

describe('the wait for the machine lock', () => {
  const limit = 'input "time-limit"';
  it('is cut to what the time limit leaves over', () => {
    expect(capLockTimeout({ ms: null, label: 'input "lock-timeout"' }, 600, limit)).toEqual({
      ms: 600_000,
      label: 'input "lock-timeout", cut to what input "time-limit" leaves over',
    });
    expect(capLockTimeout({ ms: 7_200_000, label: 'input "lock-timeout"' }, 600, limit).ms).toBe(600_000);
  });

  it('keeps a shorter lock timeout, and any without a limit', () => {
    const short = { ms: 60_000, label: '--lock-timeout' };
    expect(capLockTimeout(short, 600, limit)).toBe(short);
    expect(capLockTimeout({ ms: null, label: '--lock-timeout' }, undefined, limit).ms).toBeNull();
  });
});
