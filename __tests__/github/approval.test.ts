// Whether a fork's head may be measured and published, as a table: the pull request (its author),
// its reviews, its label events, who set the measurement off, the permissions of the users involved,
// and the decision they give. Each row of the table in docs/security-model.md is here.
import {
  approvalCandidates,
  approvalLine,
  changesWorkflows,
  type ApprovalFacts,
  decideApproval,
  type LabelEventFacts,
  type PullRequestFacts,
  type ReviewFacts,
} from '../../src/github/approval.js';

const SHA = 'a'.repeat(40);
const NEWER = 'b'.repeat(40);
const FORK: PullRequestFacts = {
  number: 12,
  headSha: SHA,
  headRepo: 'mallory/server',
  baseRepo: 'octo-org/server',
  labels: [],
  author: 'mallory',
};
const PERMISSIONS = new Map([
  ['alice', 'admin'],
  ['mona', 'maintain'],
  ['wes', 'write'],
  ['tia', 'triage'],
  ['rex', 'read'],
]);

function facts(changes: {
  pull?: Partial<PullRequestFacts>;
  reviews?: ReviewFacts[];
  events?: LabelEventFacts[];
  requireApproval?: 'forks' | 'never';
  trustedAuthors?: string[];
  /** Who set the measurement off: by default alice (an admin), as when she added the label. */
  by?: string[];
}): ApprovalFacts {
  return {
    measuredSha: SHA,
    pull: { ...FORK, ...changes.pull },
    reviews: changes.reviews ?? [],
    labelEvents: changes.events ?? [],
    forkLabel: 'perf-approved',
    requireApproval: changes.requireApproval ?? 'forks',
    trustedAuthors: changes.trustedAuthors ?? [],
    triggeredBy: changes.by ?? ['alice'],
  };
}

const approve = (user: string, commitId = SHA): ReviewFacts => ({ user, state: 'APPROVED', commitId });
const labeled = (actor: string, label = 'perf-approved'): LabelEventFacts => ({
  event: 'labeled',
  label,
  actor,
});
const LABELED = { labels: ['perf-approved'] };

const CASES: [string, ApprovalFacts, string][] = [
  ['a branch of this repository', facts({ pull: { headRepo: 'octo-org/server' } }), 'not-needed'],
  ['the same repository, other case', facts({ pull: { headRepo: 'Octo-Org/Server' } }), 'not-needed'],
  ['require-approval never', facts({ requireApproval: 'never' }), 'not-needed'],
  ['a fork, nothing at all', facts({}), 'awaiting'],
  ['a deleted fork, nothing at all', facts({ pull: { headRepo: null } }), 'awaiting'],
  ['an admin approved that commit', facts({ reviews: [approve('alice')] }), 'approved:alice:review'],
  ['a maintainer approved that commit', facts({ reviews: [approve('mona')] }), 'approved:mona:review'],
  ['a writer approved that commit', facts({ reviews: [approve('wes')] }), 'approved:wes:review'],
  ['a triager approved it', facts({ reviews: [approve('tia')] }), 'awaiting'],
  ['a reader approved it', facts({ reviews: [approve('rex')] }), 'awaiting'],
  ['a stranger approved it', facts({ reviews: [approve('eve')] }), 'awaiting'],
  ['an admin approved an older commit', facts({ reviews: [approve('alice', NEWER)] }), 'awaiting'],
  [
    'approved, then changes requested on that commit',
    facts({ reviews: [approve('alice'), { user: 'alice', state: 'CHANGES_REQUESTED', commitId: SHA }] }),
    'awaiting',
  ],
  [
    'approved, then only a comment',
    facts({ reviews: [approve('alice'), { user: 'alice', state: 'COMMENTED', commitId: SHA }] }),
    'approved:alice:review',
  ],
  [
    'approved, then dismissed',
    facts({ reviews: [approve('wes'), { user: 'wes', state: 'DISMISSED', commitId: SHA }] }),
    'awaiting',
  ],
  [
    'a reader and a writer approved',
    facts({ reviews: [approve('rex'), approve('wes')] }),
    'approved:wes:review',
  ],
  [
    'the label, added by a maintainer',
    facts({ pull: LABELED, events: [labeled('mona')] }),
    'approved:mona:label',
  ],
  ['the label, added by a reader', facts({ pull: LABELED, events: [labeled('rex')] }), 'awaiting'],
  [
    'the label, last added by a reader after an admin',
    facts({ pull: LABELED, events: [labeled('alice'), labeled('rex')] }),
    'awaiting',
  ],
  [
    'the label, added by an admin, and another label by a reader',
    facts({ pull: LABELED, events: [labeled('alice'), labeled('rex', 'bug')] }),
    'approved:alice:label',
  ],
  [
    'the label by an admin, but the head moved',
    facts({ pull: { ...LABELED, headSha: NEWER }, events: [labeled('alice')] }),
    'awaiting',
  ],
  ['the label removed since an admin added it', facts({ events: [labeled('alice')] }), 'awaiting'],
  ['the label on, no event says who', facts({ pull: LABELED }), 'awaiting'],
  // The author's own access, or the repository's list of trusted authors.
  ['an admin opened it from a fork', facts({ pull: { author: 'alice' }, by: [] }), 'approved:alice:author'],
  ['a maintainer opened it', facts({ pull: { author: 'mona' }, by: ['eve'] }), 'approved:mona:author'],
  ['a writer opened it', facts({ pull: { author: 'wes' } }), 'approved:wes:author'],
  ['a triager opened it', facts({ pull: { author: 'tia' } }), 'awaiting'],
  ['a reader opened it', facts({ pull: { author: 'rex' } }), 'awaiting'],
  [
    'a trusted author opened it',
    facts({ trustedAuthors: ['ann', 'mallory'], by: ['mallory'] }),
    'approved:mallory:trusted-author',
  ],
  ['a trusted author, other case', facts({ trustedAuthors: ['Mallory'] }), 'approved:mallory:trusted-author'],
  ['someone else is trusted', facts({ trustedAuthors: ['ann'] }), 'awaiting'],
  ['a deleted account opened it', facts({ pull: { author: null }, trustedAuthors: ['ghost'] }), 'awaiting'],
  [
    'a writer opened it; the head moved since',
    facts({ pull: { author: 'wes', headSha: NEWER } }),
    'approved:wes:author',
  ],
  // A push keeps the label only when a writer made it: who set the measurement off.
  [
    "the label by an admin, the head a writer's push",
    facts({ pull: LABELED, events: [labeled('alice')], by: ['wes'] }),
    'approved:alice:label',
  ],
  [
    "the label by an admin, the head a reader's push (the label not removed yet)",
    facts({ pull: LABELED, events: [labeled('alice')], by: ['rex'] }),
    'awaiting',
  ],
  [
    "the label by an admin, the head a stranger's push (the label not removed yet)",
    facts({ pull: LABELED, events: [labeled('alice')], by: ['mallory'] }),
    'awaiting',
  ],
  [
    "the label by an admin, a reader's push re-run by an admin",
    facts({ pull: LABELED, events: [labeled('alice')], by: ['rex', 'alice'] }),
    'awaiting',
  ],
  [
    'the label by an admin, nothing says who set the measurement off',
    facts({ pull: LABELED, events: [labeled('alice')], by: [] }),
    'awaiting',
  ],
  [
    "the label by an admin, a reader's push, but an admin approved that commit",
    facts({ pull: LABELED, events: [labeled('alice')], by: ['rex'], reviews: [approve('alice')] }),
    'approved:alice:review',
  ],
  [
    'the head moved, but an admin approved the measured commit',
    facts({ pull: { headSha: NEWER }, reviews: [approve('alice')] }),
    'approved:alice:review',
  ],
];

function summary(facts: ApprovalFacts): string {
  const approval = decideApproval(facts, PERMISSIONS);
  return approval.kind === 'approved' ? `approved:${approval.by}:${approval.how}` : approval.kind;
}

describe('the approval of a measured head', () => {
  it('reads as one line in the log, naming who and by which route', () => {
    expect(approvalLine(decideApproval(facts({ pull: { author: 'wes' } }), PERMISSIONS))).toBe(
      'approved by wes (the author, who can write to the repository)',
    );
    expect(approvalLine(decideApproval(facts({ trustedAuthors: ['mallory'] }), PERMISSIONS))).toBe(
      'approved by mallory (the author, a trusted author)',
    );
    expect(approvalLine(decideApproval(facts({ requireApproval: 'never' }), PERMISSIONS))).toBe(
      'no approval needed: require-approval is never',
    );
    expect(approvalLine(decideApproval(facts({}), PERMISSIONS))).toMatch(/^awaiting approval: no one/);
  });

  it.each(CASES)('%s', (_name, given, expected) => {
    expect(summary(given)).toBe(expected);
  });

  it('asks only for the permissions the decision needs', () => {
    expect(
      approvalCandidates(facts({ pull: { headRepo: 'octo-org/server' }, reviews: [approve('alice')] })),
    ).toEqual([]);
    expect(approvalCandidates(facts({ reviews: [approve('rex'), approve('wes', NEWER)] }))).toEqual([
      'mallory',
      'rex',
    ]);
    expect(
      approvalCandidates(
        facts({ pull: LABELED, reviews: [approve('mona')], events: [labeled('mona')], by: ['wes'] }),
      ),
    ).toEqual(['mallory', 'mona', 'wes']);
    expect(
      approvalCandidates(facts({ pull: { ...LABELED, headSha: NEWER }, events: [labeled('alice')] })),
    ).toEqual(['mallory']);
    // A trusted author's permission is not asked; nor is anyone's on a deleted account's.
    expect(approvalCandidates(facts({ trustedAuthors: ['mallory'] }))).toEqual([]);
    expect(approvalCandidates(facts({ pull: { author: null } }))).toEqual([]);
  });

  it.each([
    [facts({}), 'the label `perf-approved` is not on it'],
    [
      facts({ pull: { ...LABELED, headSha: NEWER }, events: [labeled('alice')] }),
      `its head moved on to ${NEWER.slice(0, 12)}`,
    ],
    [
      facts({ pull: LABELED, events: [labeled('rex')] }),
      'added by `rex`, who cannot write to the repository',
    ],
    [facts({ pull: LABELED }), 'no event says who added the label `perf-approved`'],
    [facts({}), 'its author `mallory` cannot write to the repository and is not a trusted author'],
    [facts({ pull: { author: null } }), "its author's account is gone"],
    [
      facts({ pull: LABELED, events: [labeled('alice')], by: ['rex'] }),
      'this head was pushed or its run started by `rex`, who cannot write to the repository',
    ],
    [
      facts({ pull: LABELED, events: [labeled('alice')], by: [] }),
      'nothing says who set this measurement off',
    ],
  ])('says why it awaits approval: %#', (given, reason) => {
    const approval = decideApproval(given, PERMISSIONS);
    expect(approval.kind).toBe('awaiting');
    expect(approval.kind === 'awaiting' ? approval.why : '').toContain(reason);
    expect(approval.kind === 'awaiting' ? approval.why : '').toMatch(
      /^no one with write access approved aaaaaaaaaaaa: /,
    );
  });
});

describe("whether a pull request may have written its caller workflow's list", () => {
  it.each([
    [['sql/mariadb.h', 'CMakeLists.txt'], false],
    [['.github/mysql-perf-gate.yml'], false],
    [['.github/workflows/pr-gate.yml'], true],
    [['sql/a.c', '.github/workflows/new.yml'], true],
    [Array.from({ length: 3000 }, (_, index) => `sql/${String(index)}.c`), true],
  ])('%j: %s', (paths, expected) => {
    expect(changesWorkflows(paths)).toBe(expected);
  });
});
