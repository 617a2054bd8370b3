// The idle side of a run measured in turn, as results.json records it: per repetition, what the
// other side's server used meanwhile; per run, how it was held (run/idle-side.ts).
import { z } from 'zod';

/**
 * The other side's server while this repetition ran (sides measured in turn): the CPU seconds it
 * and everything it started used, the repetition's wall seconds they are set against, and how it
 * was held: frozen by a cgroup freezer, stopped by signals, or left running (not frozen, or a
 * freeze that failed). Absent for sides measured at once, one-server runs and older results.
 */
export const IdleSideFigure = z.strictObject({
  cpuSeconds: z.number().min(0).max(1e9),
  seconds: z.number().positive().max(1e9),
  held: z.enum(['freezer', 'signals', 'running']),
});
export type IdleSideFigure = z.infer<typeof IdleSideFigure>;

/**
 * How a run measured in turn held its idle side: the freezer it used (`off` for
 * --freeze-idle-side off), where the idle side's CPU time was read, how many times it was frozen
 * and thawed and the seconds that took, and why no cgroup freezer was used where it fell back to
 * signals.
 */
export const IdleSideRecord = z.strictObject({
  freezer: z.enum(['cgroup-v2', 'cgroup-v1', 'signals', 'off']),
  cpuFrom: z.enum(['cgroup', 'processes']),
  turns: z.int().min(0).max(1e9),
  seconds: z.number().min(0).max(1e9),
  fallback: z.string().max(500).optional(),
});
export type IdleSideRecord = z.infer<typeof IdleSideRecord>;
