// The package as a user installs it: `npm pack` of this checkout (its dist/ as it is, with
// release.json written by the prepack step), installed with `npm install -g --prefix` into an
// empty directory, offline: nothing but the tarball may be needed, since the bundle carries every
// library it loads. The installed command then prints its commit and compares a real results file
// into a report with its charts, and the runner's setup script it carries finds it installed.
// Prints the tarball's and the installed package's sizes.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { PNG } from 'pngjs';

import { git } from '../helpers/git-repo.js';
import { ROOT } from '../helpers/real-run.js';
import { fakeRoot, setup } from '../helpers/setup-runner.js';

const AB = join(ROOT, '__fixtures__/results/quick-ab-performance-schema.json');

let work: string;
let prefix: string;
let tarball: string;
const packed = { bytes: 0 };

/** Node 24 (the one running the tests) first on PATH, as the package's `#!/usr/bin/env node` needs. */
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}` };

function npm(...args: string[]): SpawnSyncReturns<string> {
  const run = spawnSync('npm', [...args, '--cache', join(work, 'npm-cache'), '--no-audit', '--no-fund'], {
    cwd: work,
    env: { ...env, npm_config_update_notifier: 'false' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return run;
}

function command(...args: string[]): SpawnSyncReturns<string> {
  return spawnSync(join(prefix, 'bin', 'mysql-perf-gate'), args, { cwd: work, env, encoding: 'utf8' });
}

/** Bytes and files under `dir`, as `du --apparent-size` counts them (symbolic links not followed). */
function footprint(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stat = lstatSync(join(dir, entry));
    if (stat.isFile()) {
      bytes += stat.size;
      files += 1;
    }
  }
  return { bytes, files };
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'gate-package-'));
  prefix = join(work, 'prefix');
  const name =
    npm('pack', '--silent', '--pack-destination', work, ROOT).stdout.trim().split('\n').at(-1) ?? '';
  tarball = join(work, name);
  packed.bytes = lstatSync(tarball).size;
  npm('install', '--global', '--offline', '--prefix', prefix, tarball);
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the package', () => {
  it('installs nothing but itself, with no release.json left behind in the checkout', () => {
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['mysql-perf-gate']);
    const installed = join(prefix, 'lib', 'node_modules', 'mysql-perf-gate');
    expect(existsSync(join(installed, 'node_modules'))).toBe(false);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(existsSync(join(ROOT, 'release.json'))).toBe(false);

    const { bytes, files } = footprint(prefix);
    process.stderr.write(
      `package: tarball ${megabytes(packed.bytes)}; installed ${megabytes(bytes)} in ${files} files (Node not included)\n`,
    );
    expect(bytes).toBeLessThan(20e6);
  });

  it('--version names the commit it was packed from', () => {
    const version = command('--version');
    expect(version.stderr).toBe('');
    expect(version.status).toBe(0);
    const { version: expected } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version.stdout).toMatch(
      new RegExp(
        `^${expected.replaceAll('.', '\\.')} \\(commit ${git(ROOT, 'rev-parse', 'HEAD')}(, with uncommitted changes)?\\)\\n$`,
      ),
    );
  });

  it('compares a results file into the report, its charts drawn as SVG and PNG', () => {
    const out = join(work, 'report');
    const compare = command('compare', AB, '--out', out);
    expect(compare.stderr).not.toContain('mysql-perf-gate:');
    expect([0, 1]).toContain(compare.status); // pass or fail: a verdict, not an error
    expect(readdirSync(out).sort()).toEqual(['charts', 'comment.md', 'report.html', 'verdict.json']);
    for (const chart of ['change', 'scaling', 'timeseries']) {
      expect(readFileSync(join(out, 'charts', `${chart}.svg`), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);
      const png = PNG.sync.read(readFileSync(join(out, 'charts', `${chart}.png`)));
      expect(png.width).toBeGreaterThan(400);
    }
    // The HTML report inlines vega's browser builds, which the package carries in dist/.
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('vegaEmbed');
  });

  it('refuses a damaged release.json in one line', () => {
    const stamp = join(prefix, 'lib', 'node_modules', 'mysql-perf-gate', 'release.json');
    const text = readFileSync(stamp, 'utf8');
    writeFileSync(stamp, text.replace(/"commit": "[0-9a-f]+"/, '"commit": "HEAD"'));
    try {
      const damaged = command('--version');
      expect(damaged.status).toBe(2);
      expect(damaged.stderr).toBe(
        `mysql-perf-gate: ${stamp}: field commit "HEAD": not a 40-hex commit: the package is damaged; install it again\n`,
      );
    } finally {
      writeFileSync(stamp, text);
    }
  });

  it('says in one line that it needs a newer Node, and where one comes from', () => {
    const manifest = join(prefix, 'lib', 'node_modules', 'mysql-perf-gate', 'package.json');
    const text = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, text.replace(/"node": ">=\d+"/, '"node": ">=99"'));
    try {
      const old = command('--version');
      expect(old.status).toBe(2);
      expect(old.stdout).toBe('');
      const lines = old.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(
        `needs Node 99 or newer, and ${process.execPath} is Node ${process.version}`,
      );
      expect(lines[0]).toContain('externals/node99/bin/node');
      expect(lines[0]).toContain('npm install -g node@99');
    } finally {
      writeFileSync(manifest, text);
    }
  });

  it('carries scripts/setup-runner.sh, which, run from the installed package, finds it installed', () => {
    const installed = join(prefix, 'lib', 'node_modules', 'mysql-perf-gate');
    const script = join(installed, 'scripts', 'setup-runner.sh');
    expect(statSync(script).mode & 0o111).toBe(0o111);
    // A Debian 12 machine whose npm prefix, /usr/local, is the one the package was installed into.
    const root = fakeRoot(join(work, 'machine'), 'debian');
    mkdirSync(join(root, 'usr'));
    symlinkSync(prefix, join(root, 'usr', 'local'));
    const run = setup(
      ['--dry-run', '--user', 'perf-runner-absent'],
      { SETUP_RUNNER_ROOT: root, SYSTEMCTL: '/bin/false' },
      script,
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(
      new RegExp(
        `^mysql-perf-gate: already installed: \\d+\\.\\d+\\.\\d+ \\(commit ${git(ROOT, 'rev-parse', 'HEAD')}(, with uncommitted changes)?\\), the package this script is part of$`,
        'm',
      ),
    );
    expect(run.stdout.split('\n').filter((line) => /\bnpm\b/.test(line))).toEqual([]);
  });
});
