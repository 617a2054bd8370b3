import { plannedTotalSeconds, planSteps } from '../../src/run/plan.js';
import { splitCells } from '../../src/run/shards.js';
import {
  DEFAULT_BUILD_SECONDS,
  fitTimeLimit,
  MARGIN_FIXED_SECONDS,
  marginSeconds,
  shardsThatFit,
  type TimeLimitInput,
} from '../../src/run/time-limit.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { selectCells } from '../../src/suite/select-cells.js';
import { suiteCells } from '../../src/suite/suite-schema.js';

const AB = ['base', 'head'] as const;
const standard = loadSuite('standard');

/** The largest share of the standard suite, A/B, in `count` shards (as commands/time-limit.ts computes it). */
function standardShard(count: number): number | undefined {
  if (count > suiteCells(standard).length) return undefined;
  return Math.max(
    ...splitCells(standard, AB, count).map((cells) => {
      const share = selectCells(standard, cells);
      return plannedTotalSeconds(planSteps(share, AB), share);
    }),
  );
}

const standardPlan = plannedTotalSeconds(planSteps(standard, AB), standard);

function input(overrides: Partial<TimeLimitInput>): TimeLimitInput {
  return {
    limitSeconds: 180 * 60,
    label: 'input "time-limit"',
    elapsedSeconds: 0,
    measureSeconds: standardPlan,
    builds: [],
    shardSeconds: standardShard,
    ...overrides,
  };
}

describe('the margin', () => {
  it('is a fixed part and a tenth of the plan', () => {
    expect(marginSeconds(0)).toBe(MARGIN_FIXED_SECONDS);
    expect(marginSeconds(3600)).toBe(MARGIN_FIXED_SECONDS + 360);
  });
});

describe('fitting the time limit', () => {
  it('the standard suite plans more than two hours for an A/B run', () => {
    expect(standardPlan).toBeGreaterThan(2 * 3600);
  });

  it('fits, with what is left over, when builds, plan and margin are within the limit', () => {
    const builds = [
      { side: 'base', seconds: 60, recorded: true },
      { side: 'head', seconds: 90, recorded: true },
    ];
    const fit = fitTimeLimit(input({ limitSeconds: 240 * 60, builds, elapsedSeconds: 30 }));
    expect(fit).toEqual({
      fits: true,
      spareSeconds: 240 * 60 - 30 - 150 - standardPlan - marginSeconds(standardPlan),
    });
  });

  it('exactly at the limit still fits; a second over does not', () => {
    const needed = standardPlan + marginSeconds(standardPlan);
    expect(fitTimeLimit(input({ limitSeconds: needed })).fits).toBe(true);
    expect(fitTimeLimit(input({ limitSeconds: needed, elapsedSeconds: 1 })).fits).toBe(false);
  });

  it('refuses the standard suite with two cold builds in 180 minutes, in one line naming the shards that fit', () => {
    const builds = [
      { side: 'base', seconds: DEFAULT_BUILD_SECONDS, recorded: false },
      { side: 'head', seconds: DEFAULT_BUILD_SECONDS, recorded: false },
    ];
    const fit = fitTimeLimit(input({ builds }));
    expect(fit.fits).toBe(false);
    if (fit.fits) return;
    expect(fit.message).not.toContain('\n');
    expect(fit.message).toMatch(
      /^refusing to start: building about 1h00m \(no earlier build recorded: 30m00s each\), measuring about 2h\d\dm and a margin of \d+m\d\ds make about 3h\d\dm, over input "time-limit" 3h00m; 2 shards would fit \(about 1h\d\dm of measuring each, built once by a job of their own: run --shard K\/2, or measure.yml's input shards: 2\), or raise input "time-limit"$/,
    );
  });

  it('names the fewest shards whose largest share fits', () => {
    // 60 minutes: each share plus its margin within an hour.
    const fit = shardsThatFit(input({ limitSeconds: 3600 }));
    expect(fit).toBeDefined();
    const count = fit?.count ?? 0;
    const share = standardShard(count) ?? Infinity;
    expect(share + marginSeconds(share)).toBeLessThanOrEqual(3600);
    const fewer = standardShard(count - 1) ?? Infinity;
    expect(fewer + marginSeconds(fewer)).toBeGreaterThan(3600);
    const message = fitTimeLimit(input({ limitSeconds: 3600 }));
    expect(message.fits ? '' : message.message).toContain(`${count} shards would fit`);
  });

  it('says when no split fits, and names recorded and default builds apart', () => {
    const builds = [
      { side: 'base', seconds: 120, recorded: true },
      { side: 'head', seconds: DEFAULT_BUILD_SECONDS, recorded: false },
    ];
    const fit = fitTimeLimit(input({ limitSeconds: 6 * 60, builds, elapsedSeconds: 90 }));
    expect(fit.fits ? '' : fit.message).toMatch(
      /^refusing to start: 1m30s spent already, building about 32m00s \(the last build of base, 30m00s for the others\), measuring .*; no split of the suite into shards fits it \(one cell per shard is still too long\): raise input "time-limit" or choose a shorter suite$/,
    );
  });
});
