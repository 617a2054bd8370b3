// A chat webhook: one JSON POST with a short text and the verdict, in the shape Slack's and
// Mattermost's incoming webhooks both take:
//
//   {"text": "…", "props": {"mysql-perf-gate": {"verdict": "fail", "counts": {…}, …}}}
//
// Slack posts `text` (its mrkdwn) and documents no `props`, which it leaves alone; Mattermost
// posts `text` (Markdown) and keeps `props` with the post, for integrations that read posts through
// its API. So one URL input serves either, with no setting to say which. Slack's `blocks` or
// Mattermost's `attachments` would render differently on each; plain text renders alike.
//
// The text quotes names from the results (suite, workloads), which a pull request can choose. Each
// goes in a code span, with its backticks taken out: neither Slack nor Mattermost formats, links or
// mentions inside one; and Slack's control characters (&, <, >: links, <!channel>, <@user>) are
// escaped as Slack asks, everywhere in the text, where control characters are shown (`printable`).
//
// The URL is a secret (whoever holds it posts to the channel): no message names more of it than
// its host. https is required, except http to this machine (loopback), which tests use.
import { GateError, InputError } from '../errors.js';
import { formatChangePercentPlain, formatTolerance, plural } from '../format.js';
import type { CellComparison, Verdict } from '../compare/verdict-schema.js';
import type { Delivery, Sink } from './sink.js';
import { variantLabel } from '../suite/variants.js';
import { tallyParts } from '../report/labels.js';
import { printable } from '../untrusted-text.js';

export const WEBHOOK = 'webhook';

/** The answer must come within this long; a stalled webhook must not hold the gate. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most bytes posted; the payload is a few hundred, the cap keeps a pathological one out. */
export const MAX_WEBHOOK_BYTES = 16 * 1024;
/** Regressions listed in the payload's verdict, largest change first. */
const LISTED_REGRESSIONS = 10;
/** Longest name quoted in the text or listed in the payload. */
const MAX_NAME = 80;

/** The webhook refused the post, did not answer, or could not be reached. */
export class WebhookError extends GateError {}

export interface WebhookTarget {
  readonly url: string;
  /** The flag or input it came from, for errors: `--post-webhook`, `input "webhook-url"`. */
  readonly label: string;
  readonly timeoutMs?: number;
}

/** Slack's control characters, as the entities it asks for; the text's own shown (`\x1b`). */
export function escapeSlack(text: string): string {
  return printable(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A name from the results as literal text: in a code span, cut short, backticks out, escaped. */
function quoted(name: string): string {
  const short = name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
  return `\`${escapeSlack(short.replace(/`/g, "'").replace(/[\r\n]+/g, ' '))}\``;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL, checked: https, or http to loopback; the error names the flag, never the URL. */
export function webhookUrl(target: WebhookTarget): URL {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new InputError(`${target.label} is not a URL: give the webhook's https:// address`);
  }
  const loopback = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !loopback) {
    throw new InputError(
      `${target.label} must be an https:// address (http only to this machine), not ${url.protocol}//${url.hostname}`,
    );
  }
  return url;
}

/** The gating regressions (else any), largest change first. */
function regressions(verdict: Verdict): CellComparison[] {
  const all = verdict.cells.filter((cell) => cell.verdict === 'regression');
  const gating = all.filter((cell) => cell.gating);
  return (gating.length > 0 ? gating : all).sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
}

/** "`oltp_read_only` at 4 threads, tps -7.3% (tolerance 3%)". */
function cellLine(cell: CellComparison): string {
  return `${quoted(cell.workload)} at ${plural(cell.threads, 'thread', 'threads')}, ${cell.metric} ${formatChangePercentPlain(cell.change)} (tolerance ${formatTolerance(cell.threshold)})`;
}

/** The headline: the verdict, the tally, the suite, the top regression, where to read more. */
export function webhookText(delivery: Delivery): string {
  const { verdict, context } = delivery;
  const { counts } = verdict;
  const tally = tallyParts(counts).join(', ');
  const [top] = regressions(verdict);
  const where = [
    context.pullRequest === undefined ? '' : `pull request #${context.pullRequest}`,
    context.runUrl === undefined ? '' : escapeSlack(context.runUrl),
  ].filter((part) => part !== '');
  return [
    `mysql-perf-gate: ${verdict.verdict.toUpperCase()} on suite ${quoted(delivery.suite)}: ${tally}.`,
    ...(top === undefined ? [] : [`Top regression: ${cellLine(top)}.`]),
    ...(where.length === 0 ? [] : [where.join(': ')]),
  ].join('\n');
}

/** The verdict in the payload: what an integration needs to act on, not the whole verdict.json. */
function payloadVerdict(delivery: Delivery): Record<string, unknown> {
  const { verdict, context } = delivery;
  return {
    schemaVersion: 1,
    verdict: verdict.verdict,
    suite: delivery.suite,
    counts: verdict.counts,
    regressions: regressions(verdict)
      .slice(0, LISTED_REGRESSIONS)
      .map((cell) => ({
        workload: cell.workload.slice(0, MAX_NAME),
        threads: cell.threads,
        ...(cell.variant === undefined ? {} : { variant: variantLabel(cell.variant).slice(0, MAX_NAME) }),
        metric: cell.metric,
        change: cell.change,
        threshold: cell.threshold,
      })),
    ...context,
  };
}

/** A field of a thrown value, read without instanceof (fetch's errors may come from another realm). */
function field(value: unknown, key: 'name' | 'cause' | 'code'): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<typeof key, unknown>)[key]
    : undefined;
}

/** Why the POST got no answer, without the URL (fetch's own messages may carry it). */
function unreachable(error: unknown, host: string, timeoutMs: number): WebhookError {
  if (field(error, 'name') === 'TimeoutError') {
    return new WebhookError(`the webhook at ${host} did not answer within ${timeoutMs / 1000} s`);
  }
  const code = field(field(error, 'cause'), 'code');
  return new WebhookError(
    `the webhook at ${host} could not be reached (${typeof code === 'string' ? code : 'no connection'})`,
  );
}

export function webhookSink(target: WebhookTarget): Sink {
  const url = webhookUrl(target);
  const timeoutMs = target.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return {
    name: WEBHOOK,
    async deliver(delivery, logger) {
      const body = JSON.stringify({
        text: webhookText(delivery),
        props: { 'mysql-perf-gate': payloadVerdict(delivery) },
      });
      if (Buffer.byteLength(body) > MAX_WEBHOOK_BYTES) {
        throw new WebhookError(`the webhook's payload is over ${MAX_WEBHOOK_BYTES} bytes: not posted`);
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          // A redirect could carry the post elsewhere: it is an answer like any other non-2xx.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw unreachable(error, url.host, timeoutMs);
      }
      await response.body?.cancel();
      if (!response.ok) {
        throw new WebhookError(
          `the webhook at ${url.host} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}: the verdict was not posted there`,
        );
      }
      logger.info(`verdict posted to the webhook at ${url.host}`);
      return { sink: WEBHOOK };
    },
  };
}
