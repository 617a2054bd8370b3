// Run as a process of its own (with ts-source-hooks.ts), standing for the tool holding the action's
// token in its environment: it starts one child through the tool's exec as it starts a trusted
// one, and one in the sandbox, each looking for the token in every /proc/<pid>/environ it can read.
// Prints what each found, as JSON: how many environments held the token, and whether the child's
// own did.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { quickDeadline } from '../../src/shell/deadline.js';
import { exec } from '../../src/shell/exec.js';
import { type Confinement, sandbox, UNCONFINED } from '../../src/shell/sandbox.js';

const LOOK = [
  'own=$(tr "\\0" "\\n" </proc/self/environ | grep -c "^INPUT_GITHUB-TOKEN=")',
  'any=$(for f in /proc/[0-9]*/environ; do tr "\\0" "\\n" <"$f" 2>/dev/null; done | grep -c "^INPUT_GITHUB-TOKEN=")',
  'echo "$own $any"',
].join('; ');

async function look(confinement: Confinement): Promise<{ own: number; readable: number }> {
  const command = confinement.wrap('sh', ['-c', LOOK]);
  const result = await exec(command.file, command.args, {
    env: confinement.env(),
    check: true,
    deadline: quickDeadline('the environ probe'),
  });
  const [own = NaN, readable = NaN] = result.stdout.trim().split(' ').map(Number);
  return { own, readable };
}

const dir = mkdtempSync(join(tmpdir(), 'environ-probe-'));
try {
  const trusted = await look(UNCONFINED);
  const sandboxed = await look(sandbox({ writable: [dir] }));
  process.stdout.write(`${JSON.stringify({ trusted, sandboxed })}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
