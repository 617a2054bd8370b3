// bisect-comment: bisect.json from the bisecting job's artifact, checked (a regular file, capped,
// the report's schema), posted on the alert issue through a local GitHub that validates every
// request and response against GitHub's OpenAPI description; posted again, it edits its comment.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { bisectReport } from '../../src/bisect/bisect-report.js';
import {
  bisectCommentCommand,
  MAX_BISECT_REPORT_BYTES,
  parseIssueNumber,
  readBisectReport,
} from '../../src/commands/bisect-comment.js';
import { actionSpelling, cliSpelling } from '../../src/commands/spelling.js';
import { sampleState, sha } from '../bisect/bisect-fixtures.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { useTempDir } from '../helpers/real-run.js';

const dir = useTempDir('bisect-comment-');
const RUN = 'https://github.com/octo-org/server/actions/runs/9';

function writeReport(content: unknown): void {
  writeFileSync(
    join(dir.path, 'bisect.json'),
    typeof content === 'string' ? content : JSON.stringify(content),
  );
}

const found = () =>
  bisectReport({ ...sampleState(), result: { outcome: 'found', sha: sha('4'), subject: 'commit 4' } });

describe('readBisectReport', () => {
  it('reads a report the bisect command wrote', () => {
    writeReport(found());
    expect(readBisectReport(dir.path)).toEqual(found());
  });

  it.each([
    ['missing', () => {}, 'artifact refused: bisect.json is missing (the bisecting job writes it)'],
    [
      'not JSON',
      () => {
        writeReport('{');
      },
      'artifact refused: bisect.json is not JSON',
    ],
    [
      'another shape',
      () => {
        writeReport({ ...found(), builds: -1 });
      },
      'artifact refused: bisect.json is not a bisection report (builds: ',
    ],
    [
      'a link',
      () => {
        mkdirSync(join(dir.path, 'elsewhere'));
        writeFileSync(join(dir.path, 'elsewhere', 'x.json'), JSON.stringify(found()));
        symlinkSync(join(dir.path, 'elsewhere', 'x.json'), join(dir.path, 'bisect.json'));
      },
      'artifact refused: bisect.json is a symbolic link',
    ],
    [
      'too large',
      () => {
        writeReport(' '.repeat(MAX_BISECT_REPORT_BYTES + 1));
      },
      'artifact refused: bisect.json is 5.0 MiB, over its cap of 5.0 MiB',
    ],
  ])('refuses one %s in one line', (_, arrange, start) => {
    arrange();
    expect(() => readBisectReport(dir.path)).toThrow(start);
  });
});

test('parseIssueNumber takes 42 or #42, and names the input otherwise', () => {
  expect(parseIssueNumber('42', actionSpelling)).toBe(42);
  expect(parseIssueNumber(' #7 ', cliSpelling)).toBe(7);
  expect(() => parseIssueNumber('0', actionSpelling)).toThrow(
    'input "issue" "0": expected an issue number, such as 42',
  );
  expect(() => parseIssueNumber('1; rm', cliSpelling)).toThrow('--issue "1; rm": expected an issue number');
});

describe('bisectCommentCommand', () => {
  let mock: GitHubMock;

  beforeEach(async () => {
    mock = await startGitHubMock();
    mock.tokens.set('issues', { user: ACTIONS_BOT, installation: true, readOnly: false });
    mock.tokens.set('read-only', { user: ACTIONS_BOT, installation: true, readOnly: true });
  });

  afterEach(async () => {
    expect(mock.failures).toEqual([]);
    await mock.close();
  });

  const config = (issue: number) => ({
    artifact: dir.path,
    owner: mock.owner,
    repo: mock.repo,
    issue,
    runUrl: RUN,
  });

  it('posts the result on the issue, and edits the same comment when run again', async () => {
    const issue = mock.addIssue({ title: 'Performance: …', body: 'alert' });
    writeReport(found());
    const said: string[] = [];
    const logger = recordingLogger(() => said);
    const first = await bisectCommentCommand(
      getOctokit('issues', { baseUrl: mock.baseUrl }),
      config(issue),
      logger,
    );
    expect(first.action).toBe('created');
    expect(mock.comments).toHaveLength(1);
    expect(mock.comments[0]!.body).toContain(`First bad commit: \`${sha('4')}\` commit 4`);
    expect(mock.comments[0]!.body).toContain('5 builds, 5 commits measured of 5 candidates');
    const again = await bisectCommentCommand(
      getOctokit('issues', { baseUrl: mock.baseUrl }),
      config(issue),
      logger,
    );
    expect(again.action).toBe('updated');
    expect(said).toContain(`info: bisection result updated on issue #${issue}: ${again.url}`);
    expect(mock.comments).toHaveLength(1);
  });

  it('says which permission is missing when the token may not write', async () => {
    const issue = mock.addIssue({ title: 'Performance: …', body: 'alert' });
    writeReport(found());
    await expect(
      bisectCommentCommand(
        getOctokit('read-only', { baseUrl: mock.baseUrl }),
        config(issue),
        recordingLogger(() => []),
      ),
    ).rejects.toThrow(/could not comment on octo-org\/server#\d+: .*permissions/);
  });
});
