// git for tests that make repositories of their own: a fixed identity and no signing, whatever the
// machine's configuration.
import { execFileSync } from 'node:child_process';

/** Runs git in `dir`; its output, trimmed. */
export function git(dir: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-C',
      dir,
      '-c',
      'user.name=Test',
      '-c',
      'user.email=test@example.com',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  ).trim();
}
