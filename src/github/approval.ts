// Whether a fork's measured head may be measured (the measuring half's approval job) and published
// (the publishing half), decided from what the GitHub API says (github/approval-check.ts asks it).
// Both halves decide here, with the same rule. A fork's pull request runs code nobody with write
// access had necessarily read; its head is approved when, in this order:
//   - its author has write access (admin, maintain or write): whoever can push to the fork is the
//     author's business, as a branch of this repository is the pusher's;
//   - its author is one of the trusted authors the repository lists;
//   - an approving review whose commit is the measured SHA, by a user with write access, and not
//     withdrawn by a later review of theirs on the same commit;
//   - the fork label on the pull request, its latest `labeled` event by a user with write access, the
//     pull request's head still the measured SHA, and everyone who set this measurement off (the
//     event's sender in the measuring half; the measuring run's actor and triggering actor in the
//     publishing half) with write access. A writer's push keeps the label (the unlabel workflow
//     removes it after anyone else's push), so the head a writer pushed is approved; a head pushed
//     by anyone else is not, even in the seconds before the label is removed.
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
  /** The login of the user who opened it; null for a deleted account. */
  readonly author: string | null;
  /** Its title, when read from the API. */
  readonly title?: string;
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
  /** When, as GitHub says (ISO); the approval rule does not need it, an acceptance does. */
  readonly at?: string;
}

export interface ApprovalFacts {
  /** The commit measured, or to measure (from the event, never from the pull request's files). */
  readonly measuredSha: string;
  readonly pull: PullRequestFacts;
  /** Every review of the pull request, oldest first. */
  readonly reviews: readonly ReviewFacts[];
  readonly labelEvents: readonly LabelEventFacts[];
  readonly forkLabel: string;
  readonly requireApproval: RequireApproval;
  /** Logins whose pull requests need no approval (compared as GitHub does, ignoring case). */
  readonly trustedAuthors: readonly string[];
  /**
   * Who set this measurement off: the event's sender (measuring half), the measuring run's actor
   * and triggering actor (publishing half). None known: the label approves nothing.
   */
  readonly triggeredBy: readonly string[];
}

/** How a fork's head was approved. */
export type ApprovalRoute = 'author' | 'trusted-author' | 'review' | 'label';

export type Approval =
  | { readonly kind: 'not-needed'; readonly why: string }
  | { readonly kind: 'approved'; readonly by: string; readonly how: ApprovalRoute }
  | { readonly kind: 'awaiting'; readonly why: string };

/** Permission levels by login, as the API gives them; a login missing has none. */
export type Permissions = ReadonlyMap<string, string>;

/** True for a branch of this repository (the head repository is the base repository). */
export function sameRepository(pull: PullRequestFacts): boolean {
  return pull.headRepo !== null && pull.headRepo.toLowerCase() === pull.baseRepo.toLowerCase();
}

const sameLogin = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

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

function isTrustedAuthor(facts: ApprovalFacts): boolean {
  const { author } = facts.pull;
  return author !== null && facts.trustedAuthors.some((login) => sameLogin(login, author));
}

/** Whether the label could approve the measured head, whoever added it. */
function labelApplies(facts: ApprovalFacts): boolean {
  return facts.pull.labels.includes(facts.forkLabel) && facts.pull.headSha === facts.measuredSha;
}

/**
 * The users whose permission the decision needs, in the order it asks: the author (unless a
 * trusted one), those whose reviews approve the measured SHA, and, while the label is on and the
 * head is still that SHA, whoever added it last and whoever set the measurement off.
 */
export function approvalCandidates(facts: ApprovalFacts): string[] {
  if (needsNone(facts) !== null) return [];
  const users: string[] = [];
  if (facts.pull.author !== null && !isTrustedAuthor(facts)) users.push(facts.pull.author);
  users.push(...reviewApprovers(facts.reviews, facts.measuredSha));
  const labeller = lastLabeller(facts);
  if (labeller !== null && labelApplies(facts)) users.push(labeller, ...facts.triggeredBy);
  return [...new Set(users)];
}

function short(sha: string): string {
  return sha.slice(0, 12);
}

/** Why the label does not approve the measured head, for the message. */
function labelShortfall(facts: ApprovalFacts, canWrite: (user: string) => boolean): string {
  const { pull, forkLabel, measuredSha } = facts;
  const label = `the label \`${forkLabel}\``;
  if (!pull.labels.includes(forkLabel)) return `${label} is not on it`;
  if (pull.headSha !== measuredSha)
    return `${label} is on it, but its head moved on to ${short(pull.headSha)}`;
  const labeller = lastLabeller(facts);
  if (labeller === null) return `no event says who added ${label}`;
  if (!canWrite(labeller)) return `${label} was added by \`${labeller}\`, who cannot write to the repository`;
  if (facts.triggeredBy.length === 0)
    return `${label} is on it, but nothing says who set this measurement off`;
  const other = facts.triggeredBy.find((user) => !canWrite(user));
  return other === undefined
    ? `${label} does not approve it`
    : `${label} is on it, but this head was pushed or its run started by \`${other}\`, who cannot write ` +
        'to the repository (only a push by someone who can keeps the label)';
}

function authorShortfall(facts: ApprovalFacts): string {
  const { author } = facts.pull;
  return author === null
    ? "its author's account is gone"
    : `its author \`${author}\` cannot write to the repository and is not a trusted author`;
}

/** The label's approval: on, added last by a writer, the head unmoved, set off by writers only. */
function labelApproval(facts: ApprovalFacts, canWrite: (user: string) => boolean): Approval | null {
  const labeller = lastLabeller(facts);
  if (labeller === null || !canWrite(labeller) || !labelApplies(facts)) return null;
  if (facts.triggeredBy.length === 0 || !facts.triggeredBy.every(canWrite)) return null;
  return { kind: 'approved', by: labeller, how: 'label' };
}

/**
 * The decision. `permissions` maps a login to its permission level (`admin`, `maintain`, `write`,
 * `triage`, `read`, `none`); a user missing from it has none.
 */
export function decideApproval(facts: ApprovalFacts, permissions: Permissions): Approval {
  const none = needsNone(facts);
  if (none !== null) return none;
  const canWrite = (user: string): boolean => WRITE_ACCESS.includes(permissions.get(user) ?? 'none');
  const { author } = facts.pull;
  if (author !== null && canWrite(author)) return { kind: 'approved', by: author, how: 'author' };
  if (author !== null && isTrustedAuthor(facts))
    return { kind: 'approved', by: author, how: 'trusted-author' };
  const reviewer = reviewApprovers(facts.reviews, facts.measuredSha).find(canWrite);
  if (reviewer !== undefined) return { kind: 'approved', by: reviewer, how: 'review' };
  const label = labelApproval(facts, canWrite);
  if (label !== null) return label;
  return {
    kind: 'awaiting',
    why:
      `no one with write access approved ${short(facts.measuredSha)}: ${authorShortfall(facts)}, ` +
      `no approving review of that commit, and ${labelShortfall(facts, canWrite)}`,
  };
}

/** The most files GitHub lists for a pull request: a list that long may be cut short. */
export const MAX_LISTED_FILES = 3000;

/**
 * Whether a list the caller workflow gives (the measuring half's trusted authors) may be the
 * pull request's own: on `pull_request` the caller workflow is the merge commit's copy, which is
 * the base branch's unless the pull request changes a file under `.github/workflows/`. A list of
 * files that may be cut short counts as changing them.
 */
export function changesWorkflows(paths: readonly string[]): boolean {
  return paths.length >= MAX_LISTED_FILES || paths.some((path) => path.startsWith('.github/workflows/'));
}

/** How an approval reads in a line of the log: who, and by which route. */
export function approvalLine(approval: Approval): string {
  switch (approval.kind) {
    case 'not-needed':
      return `no approval needed: ${approval.why}`;
    case 'awaiting':
      return `awaiting approval: ${approval.why}`;
    case 'approved':
      return `approved by ${approval.by} (${ROUTE_WORDS[approval.how]})`;
  }
}

const ROUTE_WORDS: Readonly<Record<ApprovalRoute, string>> = {
  author: 'the author, who can write to the repository',
  'trusted-author': 'the author, a trusted author',
  review: 'an approving review of this commit',
  label: 'the fork label',
};
