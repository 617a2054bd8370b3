// Every sink a verdict can be delivered to, in the order they run, and what each needs to be on:
// the front ends read DeliveryTargets once (action inputs and the event, or CLI flags) and the
// command layer delivers to sinksFor(targets). A new sink is one entry here (see "Adding a sink" in
// docs/architecture.md).
import { jobSummarySink } from './job-summary.js';
import { pullRequestCommentSink, type PullRequestTarget } from './pull-request-comment.js';
import type { Sink } from './sink.js';
import { webhookSink, type WebhookTarget } from './webhook.js';

/** Where this run may deliver; a sink whose target is absent is off. */
export interface DeliveryTargets {
  /** The pull request to comment on, and how to reach GitHub. */
  readonly pullRequest?: PullRequestTarget;
  /** The job summary file (GITHUB_STEP_SUMMARY). */
  readonly jobSummaryPath?: string;
  /** A Slack or Mattermost incoming webhook (--post-webhook, input webhook-url). */
  readonly webhook?: WebhookTarget;
}

const SINKS: readonly ((targets: DeliveryTargets) => Sink | undefined)[] = [
  (targets) => (targets.pullRequest ? pullRequestCommentSink(targets.pullRequest) : undefined),
  (targets) => (targets.jobSummaryPath ? jobSummarySink(targets.jobSummaryPath) : undefined),
  (targets) => (targets.webhook ? webhookSink(targets.webhook) : undefined),
];

/** The sinks the targets turn on, in the order they deliver. */
export function sinksFor(targets: DeliveryTargets): Sink[] {
  return SINKS.flatMap((make) => make(targets) ?? []);
}
