// How long one sysbench run may take before it is called hung and stopped. sysbench 1.0 waits for
// ever on a connection the server dropped, and a stopped client never ends: without a deadline, a
// run would too. Decided here, for every measured run. Pure.
import { formatCountPlain, formatDuration } from '../format.js';
import type { Deadline } from '../shell/deadline.js';
import type { MeasurementLimit } from '../suite/suite-schema.js';

/** A timed run may overrun its --time by this, and TIMED_MARGIN_SHARE of it: connecting, starting, ending. */
export const TIMED_MARGIN_S = 30;
export const TIMED_MARGIN_SHARE = 0.25;

/**
 * An event-bound run (under callgrind) whose pace is not known yet: at least this much per event,
 * or UNKNOWN_PACE_FACTOR times the workload kind's own rough figure where that is more, and a margin.
 */
export const UNKNOWN_PACE_EVENT_S = 0.2;
export const UNKNOWN_PACE_FACTOR = 10;
/** Once the pace is known: this many times it, and a margin. */
export const KNOWN_PACE_FACTOR = 3;
export const EVENTS_MARGIN_S = 120;

/**
 * The deadline of a run measured for `limit`. `secondsPerEvent`: the pace measured so far for the
 * same cell on the same side (run/step-pace.ts); undefined before the first of its steps ends.
 */
export function runDeadline(
  limit: MeasurementLimit,
  what: string,
  secondsPerEvent?: number,
  /** The workload kind's rough seconds per event under callgrind (a TPC-C-like event is 0.3 s). */
  roughPerEvent = 0,
): Deadline {
  if ('seconds' in limit) {
    const margin = Math.max(TIMED_MARGIN_S, limit.seconds * TIMED_MARGIN_SHARE);
    return {
      what,
      seconds: Math.ceil(limit.seconds + margin),
      basis: `its ${formatDuration(limit.seconds)} and a ${formatDuration(margin)} margin`,
    };
  }
  const events = formatCountPlain(limit.events);
  if (secondsPerEvent === undefined) {
    const guess = Math.max(UNKNOWN_PACE_EVENT_S, UNKNOWN_PACE_FACTOR * roughPerEvent);
    return {
      what,
      seconds: Math.ceil(limit.events * guess + EVENTS_MARGIN_S),
      basis: `${events} events at ${guess} s each until the cell's pace is measured, and ${formatDuration(EVENTS_MARGIN_S)}`,
    };
  }
  const expected = limit.events * secondsPerEvent;
  return {
    what,
    seconds: Math.ceil(expected * KNOWN_PACE_FACTOR + EVENTS_MARGIN_S),
    basis: `${KNOWN_PACE_FACTOR} times the ${formatDuration(expected)} its pace so far gives ${events} events, and ${formatDuration(EVENTS_MARGIN_S)}`,
  };
}
