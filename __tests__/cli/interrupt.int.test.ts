// Ctrl-C and SIGTERM (a cancelled workflow) in the middle of a run: the bundled CLI as a real
// process, a real server. Nothing may be left behind.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT, TINY_SUITE, useTempDir } from '../helpers/real-run.js';

const maybe = describeWithServer();
const temp = useTempDir('gate-int-');

async function interruptMidRun(
  signal: NodeJS.Signals,
): Promise<{ code: number | null; stderr: string; work: string }> {
  const work = join(temp.path, 'work');
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'dist/cli.js'),
      'run',
      '--server',
      '/usr/sbin/mariadbd',
      '--suite',
      TINY_SUITE,
      '--out',
      join(temp.path, 'r.json'),
      '--work-dir',
      work,
    ],
    // Jest's environment (this file's private state directory, not the machine's lock).
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env } },
  );
  let stderr = '';
  let sent = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (!sent && stderr.includes('repetition 1/2')) {
      sent = true;
      child.kill(signal);
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr, work };
}

maybe('interrupting a run', () => {
  it.each<[NodeJS.Signals, number]>([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])('%s stops the server, removes the datadir and exits %i', async (signal, expected) => {
    const { code, stderr, work } = await interruptMidRun(signal);
    expect({ code, stderr: code === expected ? '' : stderr }).toEqual({ code: expected, stderr: '' });
    expect(stderr).toContain(`interrupted by ${signal}`);
    expect(processesMentioning(work)).toEqual([]);
    expect(readdirSync(work)).toEqual([]);
    expect(existsSync(join(temp.path, 'r.json'))).toBe(false);
    // The error log of the interrupted server is kept beside where the results would have gone.
    expect(existsSync(join(temp.path, 'r.raw', 'head-error.log'))).toBe(true);
  });
});
