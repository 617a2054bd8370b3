// Whether the measured head of a pull request was approved for publishing, decided from what the
// GitHub API says (github/approval-check.ts asks it). A fork's pull request ran code nobody with
// write access had necessarily read; its verdict is posted only when such a person approved that
// exact commit:
//   - an approving review whose commit is the measured SHA, by a user with write access (admin,
//     maintain or write), and not withdrawn by a later review of theirs on the same commit; or
//   - the fork label on the pull request, its latest `labeled` event by a user with write access,
//     and the pull request's head still the measured SHA (the label approves the head it was added
//     to; a push removes it, see the unlabel workflow).
// A branch of this repository needs no approval: whoever pushed it can write to the repository.
// Pure: the caller fetches the pull request, reviews, label events and permissions.

/** Who must approve a measured head: forks' pull requests, or nobody (ephemeral runners). */
export type RequireApproval = 'forks' | 'never';
export const REQUIRE_APPROVAL: readonly RequireApproval[] = ['forks', 'never'];

/** The permission levels (role names) that count as write access. */
export const WRITE_ACCESS: readonly string[] = ['admin', 'maintain', 'write'];

export interface PullRequestFacts {
  readonly number: number;
  /** The pull request's current head. */
  readonly headSha: string;
  /** `owner/name` of the head repository; null when the fork was deleted. */
  readonly headRepo: string | null;
  readonly baseRepo: string;
  /** The names of its labels now. */
  readonly labels: readonly string[];
}

export interface ReviewFacts {
  readonly user: string | null;
  /** APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED, PENDING. */
  readonly state: string;
  readonly commitId: string | null;
}

/** An issue event of the pull request (`labeled`, `unlabeled`, …), oldest first. */
export interface LabelEventFacts {
  readonly event: string;
  readonly label: string | null;
  readonly actor: string | null;
}

export interface ApprovalFacts {
  /** The commit the measuring run measured (from the workflow_run event). */
  readonly measuredSha: string;
  readonly pull: PullRequestFacts;
  /** Every review of the pull request, oldest first. */
  readonly reviews: readonly ReviewFacts[];
  readonly labelEvents: readonly LabelEventFacts[];
  readonly forkLabel: string;
  readonly requireApproval: RequireApproval;
}

export type Approval =
  | { readonly kind: 'not-needed'; readonly why: string }
  | { readonly kind: 'approved'; readonly by: string; readonly how: 'review' | 'label' }
  | { readonly kind: 'awaiting'; readonly why: string };

/** True for a branch of this repository (the head repository is the base repository). */
export function sameRepository(pull: PullRequestFacts): boolean {
  return pull.headRepo !== null && pull.headRepo.toLowerCase() === pull.baseRepo.toLowerCase();
}

/** The users whose reviews approve `sha`: their latest deciding review of that commit approves. */
function reviewApprovers(reviews: readonly ReviewFacts[], sha: string): string[] {
  const latest = new Map<string, string>();
  for (const review of reviews) {
    if (review.user === null || review.commitId !== sha) continue;
    if (review.state === 'COMMENTED' || review.state === 'PENDING') continue;
    latest.set(review.user, review.state);
  }
  return [...latest].filter(([, state]) => state === 'APPROVED').map(([user]) => user);
}

/** Who added the fork label last, or null when no event says. */
function lastLabeller(facts: ApprovalFacts): string | null {
  const added = facts.labelEvents.filter(
    (event) => event.event === 'labeled' && event.label === facts.forkLabel,
  );
  return added.at(-1)?.actor ?? null;
}

/** Whether anyone needs asking: a fork's pull request when approval is required. */
function needsNone(facts: ApprovalFacts): Approval | null {
  if (facts.requireApproval === 'never') {
    return { kind: 'not-needed', why: 'require-approval is never' };
  }
  if (sameRepository(facts.pull)) {
    return { kind: 'not-needed', why: `the head is a branch of ${facts.pull.baseRepo}` };
  }
  return null;
}

/**
 * The users whose permission the decision needs: those whose reviews approve the measured SHA,
 * and whoever added the fork label last while it is on and the head is still that SHA.
 */
export function approvalCandidates(facts: ApprovalFacts): string[] {
  if (needsNone(facts) !== null) return [];
  const users = reviewApprovers(facts.reviews, facts.measuredSha);
  const labeller = lastLabeller(facts);
  if (
    labeller !== null &&
    facts.pull.labels.includes(facts.forkLabel) &&
    facts.pull.headSha === facts.measuredSha
  ) {
    users.push(labeller);
  }
  return [...new Set(users)];
}

function short(sha: string): string {
  return sha.slice(0, 12);
}

/** Why the label does not approve the measured head, for the message. */
function labelShortfall(facts: ApprovalFacts, canWrite: (user: string) => boolean): string {
  const { pull, forkLabel, measuredSha } = facts;
  if (!pull.labels.includes(forkLabel)) return `the label \`${forkLabel}\` is not on it`;
  if (pull.headSha !== measuredSha) {
    return `the label \`${forkLabel}\` is on it, but its head moved on to ${short(pull.headSha)}`;
  }
  const labeller = lastLabeller(facts);
  if (labeller === null) return `no event says who added the label \`${forkLabel}\``;
  if (!canWrite(labeller))
    return `the label \`${forkLabel}\` was added by \`${labeller}\`, who cannot write to the repository`;
  return `the label \`${forkLabel}\` does not approve it`;
}

/**
 * The decision. `permissions` maps a login to its permission level (`admin`, `maintain`, `write`,
 * `triage`, `read`, `none`); a user missing from it has none.
 */
export function decideApproval(facts: ApprovalFacts, permissions: ReadonlyMap<string, string>): Approval {
  const none = needsNone(facts);
  if (none !== null) return none;
  const canWrite = (user: string): boolean => WRITE_ACCESS.includes(permissions.get(user) ?? 'none');
  const reviewer = reviewApprovers(facts.reviews, facts.measuredSha).find(canWrite);
  if (reviewer !== undefined) return { kind: 'approved', by: reviewer, how: 'review' };
  const labeller = lastLabeller(facts);
  const { pull, forkLabel, measuredSha } = facts;
  if (
    labeller !== null &&
    canWrite(labeller) &&
    pull.labels.includes(forkLabel) &&
    pull.headSha === measuredSha
  ) {
    return { kind: 'approved', by: labeller, how: 'label' };
  }
  return {
    kind: 'awaiting',
    why:
      `no one with write access approved ${short(measuredSha)}: no approving review of that commit, and ` +
      labelShortfall(facts, canWrite),
  };
}
