// The GitHub client every mode uses: @actions/github's Octokit with the maintained plugins for a
// busy API. @octokit/plugin-retry repeats a request that met a 5xx or a dropped connection (with
// growing waits); @octokit/plugin-throttling waits out primary and secondary rate limits as long as
// GitHub says (Retry-After, X-RateLimit-Reset), within a budget; every request has a deadline.
// Creating an issue or a comment is not repeated blindly: create-once.ts looks for it first.
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import Bottleneck from 'bottleneck/light.js';

import { formatDuration } from '../format.js';
import type { Logger } from '../shell/logger.js';
import type { GitHubClient } from './client.js';

export interface ClientLimits {
  /** Retries of a request that met a 5xx, a timeout or a dropped connection. */
  readonly retries: number;
  /** Rate-limit waits, all of them together, may add up to this. */
  readonly waitBudgetSeconds: number;
  /** One request may take this long. */
  readonly requestTimeoutSeconds: number;
  /**
   * Milliseconds a "1 second" of backoff, Retry-After and the spacing of writes lasts (tests
   * shorten it). Given, the client spaces its own writes so; left out, every client shares the
   * plugin's spacing, as GitHub asks: a second between writes, three between writes that notify
   * (a comment, an issue).
   */
  readonly secondMs?: number;
  /** The API's address; GITHUB_API_URL (or api.github.com) when left out. */
  readonly baseUrl?: string;
}

export const DEFAULT_LIMITS: ClientLimits = { retries: 4, waitBudgetSeconds: 600, requestTimeoutSeconds: 60 };

/** Statuses a retry cannot change; 403 and 429 are the throttling plugin's, which reads GitHub's headers. */
const DO_NOT_RETRY = [400, 401, 403, 404, 410, 422, 429, 451];

/** A fetch whose every request ends after `seconds`, whatever the caller's own signal does. */
function fetchWithDeadline(seconds: number): typeof fetch {
  return (input, init) => {
    const deadline = AbortSignal.timeout(seconds * 1000);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  };
}

/** The throttling plugin's spacing of writes (1 s) and of writes that notify (3 s), in seconds of `ms`. */
function writeSpacing(ms: number): { write: Bottleneck.Group; notifications: Bottleneck.Group } {
  return {
    write: new Bottleneck.Group({ id: 'octokit-write', maxConcurrent: 1, minTime: ms }),
    notifications: new Bottleneck.Group({ id: 'octokit-notifications', maxConcurrent: 1, minTime: 3 * ms }),
  };
}

/** The client for `token`, its waits logged as warnings. */
export function gitHubClient(
  token: string,
  logger: Logger,
  limits: ClientLimits = DEFAULT_LIMITS,
): GitHubClient {
  let waitedSeconds = 0;
  const wait =
    (kind: string) =>
    (
      retryAfter: number,
      options: { method: string; url: string },
      _client: unknown,
      retryCount: number,
    ): boolean => {
      const request = `${options.method} ${options.url}`;
      if (retryCount >= limits.retries || waitedSeconds + retryAfter > limits.waitBudgetSeconds) {
        logger.warning(
          `GitHub's ${kind} on ${request}: not waiting ${formatDuration(retryAfter)} more (${formatDuration(waitedSeconds)} of the ${formatDuration(limits.waitBudgetSeconds)} budget waited, ${retryCount} retries)`,
        );
        return false;
      }
      waitedSeconds += retryAfter;
      logger.warning(
        `GitHub's ${kind} on ${request}: waiting ${formatDuration(retryAfter)} as it asks, then retrying`,
      );
      return true;
    };
  const client = getOctokit(
    token,
    {
      throttle: {
        onRateLimit: wait('rate limit'),
        onSecondaryRateLimit: wait('secondary rate limit'),
        retryAfterBaseValue: limits.secondMs ?? 1000,
        fallbackSecondaryRateRetryAfter: 60,
        ...(limits.secondMs === undefined ? {} : writeSpacing(limits.secondMs)),
      },
      retry: {
        retries: limits.retries,
        doNotRetry: DO_NOT_RETRY,
        retryAfterBaseValue: limits.secondMs ?? 1000,
      },
      request: { fetch: fetchWithDeadline(limits.requestTimeoutSeconds) },
      ...(limits.baseUrl === undefined ? {} : { baseUrl: limits.baseUrl }),
    },
    retry,
    throttling,
  );
  return Object.assign(client, { secondMs: limits.secondMs ?? 1000 });
}
