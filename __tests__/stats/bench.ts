// Timings of the statistics the gate runs per cell. Not a test (timings depend on the machine);
// run it after changing src/stats and compare with the figures in the pull request:
//
//   PATH=$PWD/node_modules/.bin:$PATH node __tests__/stats/bench.ts
//
// Node strips the types itself; the hook below lets it find `foo.ts` where the sources import
// `foo.js` (the NodeNext convention), so no build step is needed.
import { registerHooks } from 'node:module';
import { performance } from 'node:perf_hooks';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith('.') || !specifier.endsWith('.js')) throw error;
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
  },
});

const { bootstrapRatioOfMedians } = await import('../../src/stats/bootstrap.js');
const { mannWhitneyU } = await import('../../src/stats/mann-whitney.js');
const { createRng } = await import('../../src/stats/random.js');

/** `n` throughput-like values around `centre` with about 2% noise, from a fixed seed. */
function sample(n: number, centre: number, seed: number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => centre * (0.97 + 0.06 * rng.nextFloat()));
}

/** Runs `fn` `runs` times after `warmups` untimed runs; returns the per-run times in ms, sorted. */
function time(fn: () => unknown, runs = 30, warmups = 5): number[] {
  for (let i = 0; i < warmups; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function report(label: string, times: number[]): void {
  const at = (q: number): string => (times[Math.floor(q * (times.length - 1))] ?? Number.NaN).toFixed(2);
  process.stdout.write(`${label.padEnd(46)} min ${at(0)} ms  median ${at(0.5)} ms  max ${at(1)} ms\n`);
}

process.stdout.write(`node ${process.version}, ${process.arch}\n`);
for (const n of [5, 10, 30, 100]) {
  const base = sample(n, 1000, 1);
  const head = sample(n, 980, 2);
  report(
    `bootstrapRatioOfMedians ${n}+${n}, 10,000 resamples`,
    time(() => bootstrapRatioOfMedians(base, head)),
  );
}
// The first call ever includes JIT compilation: what a one-cell comparison pays.
for (const n of [5, 8, 20, 50]) {
  const x = sample(n, 1000, 3);
  const y = sample(n, 990, 4);
  report(
    `mannWhitneyU ${n} vs ${n} (exact)`,
    time(() => mannWhitneyU(x, y, 'less')),
  );
}
{
  const x = sample(60, 1000, 5);
  const y = sample(60, 990, 6);
  report(
    'mannWhitneyU 60 vs 60 (asymptotic)',
    time(() => mannWhitneyU(x, y, 'less')),
  );
}
