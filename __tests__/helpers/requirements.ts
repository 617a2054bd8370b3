// Tests that need a real tool (mariadbd, sysbench, gcc…) ask for it here. On a developer machine a
// missing tool skips those tests with a message; in CI (CI=true) it fails them, so a runner that
// lost a package cannot turn the integration suite green by skipping it.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Server binaries live in sbin/, which is not on every user's PATH. */
const EXTRA_DIRS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** Absolute path of an executable named `name` (or `name` itself if it is a path), if any. */
export function findCommand(name: string): string | undefined {
  if (name.includes('/')) return isExecutable(name) ? path.resolve(name) : undefined;
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...EXTRA_DIRS].filter((dir) => dir !== '');
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * True when `name` is available. Otherwise: with CI=true it throws, failing the test file with a
 * message; elsewhere it prints why the tests are skipped and returns false (use with describe.skip).
 */
export function requireCommand(name: string): boolean {
  if (findCommand(name) !== undefined) return true;
  const message = `${name} was not found on PATH or in ${EXTRA_DIRS.join(', ')}`;
  if (process.env.CI === 'true') {
    throw new Error(
      `${message}; CI=true, so the tests that need it fail instead of being skipped. Install it.`,
    );
  }
  process.stderr.write(`skipping tests that need ${name}: ${message} (set CI=true to make this an error)\n`);
  return false;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
