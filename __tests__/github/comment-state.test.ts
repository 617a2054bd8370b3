// The sticky comment's hidden state line (github/comment-state.ts): what is written reads back the
// same, and a line that was edited, cut or forged reads as invalid with the field named, never as a
// state. Pure.
import { type CommentState, commentStateLine, readCommentState } from '../../src/github/comment-state.js';

const STATE: CommentState = {
  v: 1,
  sha: 'c'.repeat(40),
  suite: 'quick --> <script>',
  at: '2026-11-29T08:00:00.000Z',
  context: 'mysql-perf-gate',
  gate: 'fail',
  failures: [{ cell: 'oltp_read_only@8', metric: 'tps', kind: 'regression', change: -0.1, threshold: 0.05 }],
  failureCount: 1,
  acceptance: null,
};

const encode = (value: unknown): string =>
  `<!-- mysql-perf-gate:state ${Buffer.from(JSON.stringify(value)).toString('base64url')} -->`;

test('a state line reads back as written, after the rest of the comment, and nothing in it closes the HTML comment', () => {
  const line = commentStateLine(STATE);
  expect(line).toMatch(/^<!-- mysql-perf-gate:state [A-Za-z0-9_-]+ -->$/);
  expect(readCommentState(`<!-- marker -->\n## title\n\nbody\n${line}`)).toEqual({
    kind: 'state',
    state: STATE,
  });
});

test('a comment without one has none', () => {
  expect(readCommentState('<!-- mysql-perf-gate:suite=quick -->\n## ⏳')).toEqual({ kind: 'none' });
});

test.each([
  ['not closed', '<!-- mysql-perf-gate:state abc', /not closed/],
  ['not base64url', '<!-- mysql-perf-gate:state a+b/c= -->', /not base64url/],
  ['not JSON', `<!-- mysql-perf-gate:state ${Buffer.from('{').toString('base64url')} -->`, /not JSON/],
  ['a short sha', encode({ ...STATE, sha: 'abc' }), /field sha is wrong/],
  ['a gate of its own', encode({ ...STATE, gate: 'accepted' }), /field gate is wrong/],
  ['an extra field', encode({ ...STATE, admin: true }), /field \(root\) is wrong/],
  [
    'an acceptance by no valid login',
    encode({
      ...STATE,
      acceptance: {
        sha: STATE.sha,
        suite: 'quick',
        by: 'x y',
        reason: '',
        at: STATE.at,
        source: 'comment',
        url: 'https://github.com/o/r/pull/1',
        failures: STATE.failures,
      },
    }),
    /field acceptance\.by is wrong/,
  ],
  ['too long', `<!-- mysql-perf-gate:state ${'A'.repeat(60_000)} -->`, /over 49152/],
])('%s: invalid, saying why', (_name, body, why) => {
  const read = readCommentState(body);
  expect(read.kind).toBe('invalid');
  expect(read.kind === 'invalid' && read.why).toMatch(why);
});
