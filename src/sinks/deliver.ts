// Delivers a verdict to every sink, in order. What cannot be delivered is a warning, so that one
// unreachable place neither hides the verdict from the others nor changes the gate's outcome.
import { GateError } from '../errors.js';
import type { Logger } from '../shell/logger.js';
import type { Delivery, Sink, SinkReceipt } from './sink.js';

/**
 * Tells of the charts the delivered report lacks, then runs each sink. A sink's named error (GitHub
 * refused, a webhook answered 500) is logged as a warning and the next sink runs; anything else is a
 * fault of this program and is thrown.
 */
export async function deliverVerdict(
  delivery: Delivery,
  sinks: readonly Sink[],
  logger: Logger,
): Promise<SinkReceipt[]> {
  for (const chart of delivery.report.undrawn) logger.warning(chart.warning);
  const receipts: SinkReceipt[] = [];
  for (const sink of sinks) {
    try {
      receipts.push(await sink.deliver(delivery, logger));
    } catch (error) {
      if (!(error instanceof GateError)) throw error;
      logger.warning(error.message);
    }
  }
  return receipts;
}
