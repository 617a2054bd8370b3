// The parts of results.json about where a run ran: the placement of its processes, and the
// records of a run cut into shards (run --shard K/N) and of their merge.
import { z } from 'zod';

import { Suite } from '../suite/suite-schema.js';

/** Where the server and sysbench ran: CPU lists of their own (taskset), or why not. */
export const Placement = z.union([
  z.strictObject({ pinned: z.literal(true), server: z.string().max(200), client: z.string().max(200) }),
  z.strictObject({ pinned: z.literal(false), reason: z.string().max(1000) }),
]);
export type Placement = z.infer<typeof Placement>;

/** What a side's server was, to tell whether shards measured the same build. */
export const ServerFingerprint = z.strictObject({
  /** SHA-256 of the server binary. */
  binarySha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Hash of the prefix's build.json (how it was built), null when it has none. */
  build: z.string().max(64).nullable(),
});
export type ServerFingerprint = z.infer<typeof ServerFingerprint>;

/** A cell's name as shards and merges list it: "oltp_point_select@4". */
const CellName = z.string().max(300);

/** Set on the results of `run --shard K/N`: what `merge` checks the shards against. */
export const ShardRecord = z.strictObject({
  index: z.int().min(1).max(64),
  count: z.int().min(1).max(64),
  /** The whole suite, which every shard cut its cells from (`suite` above holds this shard's). */
  suite: Suite,
  /** The cells this shard measured. */
  cells: z.array(CellName).max(10_000),
  servers: z.strictObject({ base: ServerFingerprint.optional(), head: ServerFingerprint }),
});
export type ShardRecord = z.infer<typeof ShardRecord>;

/** Set on results `merge` made from shards: where each part ran. */
export const MergedRecord = z.strictObject({
  count: z.int().min(2).max(64),
  shards: z
    .array(
      z.strictObject({
        index: z.int().min(1).max(64),
        cells: z.array(CellName).max(10_000),
        hostname: z.string().max(300),
        cpuModel: z.string().max(300),
        /** The machine's hardware fingerprint (environment.fingerprint). */
        fingerprint: z.string().max(200),
        startedAt: z.iso.datetime(),
        finishedAt: z.iso.datetime(),
        placement: Placement.optional(),
      }),
    )
    .min(2)
    .max(64),
});
export type MergedRecord = z.infer<typeof MergedRecord>;
