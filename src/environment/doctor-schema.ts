// The runner check's document (`doctor --json`): every finding, the noise figures and the grade.
// Types come from this schema; docs/doctor.schema.json is generated from it. Pure.
import { z } from 'zod';

import { RunnerCheck } from '../results/results-schema.js';

export const FINDING_STATUSES = ['ok', 'warn', 'bad', 'unknown'] as const;
export const FindingStatus = z.enum(FINDING_STATUSES);
export type FindingStatus = z.infer<typeof FindingStatus>;

/** The grade is what results.json carries as the environment's runnerCheck: one definition. */
export const Grade = RunnerCheck;
export type Grade = RunnerCheck;
export const GradeLetter = RunnerCheck.shape.letter;
export type GradeLetter = Grade['letter'];
export const GRADE_LETTERS = GradeLetter.options;

export const Finding = z.strictObject({
  /** A stable key ("governor", "aslr", "throughput-noise"). */
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** What is checked, as printed ("CPU governor"). */
  name: z.string(),
  /** What was read ("performance on 2 of 2 CPUs"), or why it could not be. */
  value: z.string(),
  status: FindingStatus,
  /** What the current value costs a measurement; empty when it costs nothing. */
  cost: z.string(),
  /** The command that fixes it; null when nothing is to be fixed or nothing can fix it. */
  fix: z.string().nullable(),
  /** Whether `doctor --tune` changes it. */
  tunable: z.boolean(),
  /** Points it takes off the score (0 for ok and unknown). */
  penalty: z.number().int().min(0).max(100),
});
export type Finding = z.infer<typeof Finding>;

export const Spread = z.strictObject({
  /** Each repetition's value: transactions per second, or instructions per transaction. */
  values: z.array(z.number().min(0)).min(2),
  /** Coefficient of variation (sample standard deviation / mean), in percent. */
  cvPercent: z.number().min(0),
  /** (max − min) / min, in percent. */
  rangePercent: z.number().min(0),
});
export type Spread = z.infer<typeof Spread>;

export const Unmeasured = z.strictObject({ reason: z.string() });

export const NoiseFigures = z.strictObject({
  /** The server measured (a mysqld/mariadbd binary). */
  server: z.string(),
  /** oltp_point_select throughput, 1 thread, short repetitions. */
  throughput: z.union([Spread.extend({ secondsPerRepetition: z.number().min(0) }), Unmeasured]),
  /** Instructions per transaction: perf's hardware counter, or callgrind where there is none. */
  instructions: z.union([Spread.extend({ counter: z.enum(['perf', 'callgrind']) }), Unmeasured]),
  /** How long the measurement took, in seconds. */
  seconds: z.number().min(0),
});
export type NoiseFigures = z.infer<typeof NoiseFigures>;

export const DoctorReport = z.strictObject({
  tool: z.literal('mysql-perf-gate doctor'),
  toolVersion: z.string(),
  checkedAt: z.iso.datetime(),
  hostname: z.string(),
  findings: z.array(Finding),
  /** null with --no-noise. */
  noise: NoiseFigures.nullable(),
  grade: Grade,
});
export type DoctorReport = z.infer<typeof DoctorReport>;

/** The document's JSON Schema, as docs/doctor.schema.json holds it. */
export function doctorJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(DoctorReport, { target: 'draft-2020-12', io: 'output' });
}
