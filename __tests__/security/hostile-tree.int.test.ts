// A hostile pull request's tree (__fixtures__/source-trees/hostile-mariadb), built and measured
// as an attacker would have it: at configure time, as a build step, as its server and as its
// sysbench script it tries to write a trusted cache and the runner's home, read the action's and
// the runner's tokens and the runner's credentials, reach a service on the host's loopback, and
// leave a daemon running. The control (built and measured trusted) shows each attempt can
// succeed; the same tree with --untrusted / --untrusted-side head must fail at every one, seen
// from the hostile code's own output and from outside (files, the listener, /proc). Built from a
// copy of the trusted base's build (--base-build-dir), it also tries to write the trusted build
// directory (which the sandbox shows as the copy at its own path), beside it, and into the trusted
// ccache's store (read-only there), and plants links in the copy to the trusted files: both stay
// byte for byte as they were, while the same tree built trusted in the base's directory succeeds.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

import { checksums } from '../helpers/checksums.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';
import { runSourceCli, sourceCli } from '../helpers/source-cli.js';

const FIXTURE = join(ROOT, '__fixtures__/source-trees/hostile-mariadb');
const ATTEMPTS = [
  'write-trusted',
  'write-home',
  'read-input-token',
  'read-runtime-token',
  'read-credentials',
  'http-loopback',
  'git-config',
  'daemon',
];
const STAGES = ['configure', 'build', 'server', 'script'];
const TOKENS = { 'INPUT_GITHUB-TOKEN': 'ghs_hostiletest', ACTIONS_RUNTIME_TOKEN: 'runtime-hostiletest' };

const needed = ['bwrap', 'mariadbd', 'sysbench', 'cmake', 'ninja', 'bash'];
const describeIf = needed.every((name) => requireCommand(name)) ? describe : describe.skip;

/** The listener on the host's loopback that the hostile code tries to reach. */
function listen(): Promise<{ server: Server; port: number; paths: string[] }> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.end('ok');
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, paths });
    });
  });
}

/** The real server's version, for the tree's VERSION file (its "server" runs the real one). */
function realVersion(): [string, string, string] {
  const binary = findCommand('mariadbd') ?? 'mariadbd';
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout;
  const match = /Ver (\d+)\.(\d+)\.(\d+)/.exec(out);
  if (!match?.[3]) throw new Error(`cannot read the version of ${binary}: ${out}`);
  return [match[1] ?? '', match[2] ?? '', match[3]];
}

/** A VERSION file of the real server's version. */
function versionFile(): string {
  const [major, minor, patch] = realVersion();
  return `MYSQL_VERSION_MAJOR=${major}\nMYSQL_VERSION_MINOR=${minor}\nMYSQL_VERSION_PATCH=${patch}\n`;
}

function cli(args: string[], home: string): Promise<{ code: number | null; output: string }> {
  return runSourceCli(args, { ...process.env, ...TOKENS, HOME: home });
}

/** Every "ATTEMPT stage name: outcome" line in the files under `dirs`, as "stage name" → outcome. */
function attempts(...dirs: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const dir of dirs) {
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      let text: string;
      try {
        text = readFileSync(join(dir, name), 'utf8');
      } catch {
        continue; // a directory
      }
      for (const match of text.matchAll(/^ATTEMPT (\S+) (\S+): (succeeded|failed)$/gm)) {
        found.set(`${match[1]} ${match[2]}`, match[3] ?? '');
      }
    }
  }
  return found;
}

/** Everything under `dir` (results, raw output, error logs), as one text. */
function rawText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
}

/** Processes whose command line names the marker's daemons. */
function daemons(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`hostile-daemon-${marker}`))
        pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

describeIf('a hostile tree', () => {
  const tmp = useTempDir('hostile-');
  let listener: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    listener = await listen();
  });
  afterAll(() => {
    listener.server.close();
    // The control's daemons, should a failed assertion have left them.
    for (const pid of daemons('control')) process.kill(pid, 'SIGKILL');
  });

  /** Copies the tree, builds and measures it; returns what the hostile code said and where. */
  async function buildAndMeasure(marker: string, untrusted: boolean, plantErrorLog = false) {
    const dir = tmp.path;
    const trusted = join(dir, 'trusted');
    const home = join(dir, 'home');
    const src = join(dir, `src-${marker}`);
    mkdirSync(trusted, { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, '.credentials'), '{"token": "runner-registration"}\n');
    cpSync(FIXTURE, src, { recursive: true });
    writeFileSync(join(src, 'VERSION'), versionFile());
    writeFileSync(
      join(src, 'targets.sh'),
      `TRUSTED_DIR=${trusted}\nHOME_DIR=${home}\nPORT=${listener.port}\nMARKER=${marker}\nGIT_DIR_OF_TREE=${join(src, '.git')}\nPLANT_ERROR_LOG=${plantErrorLog ? 1 : 0}\n`,
    );
    // A checkout, as the measuring job's: git runs in it again after the build.
    for (const args of [
      ['init', '-q'],
      ['add', '-A'],
      ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'pr'],
    ]) {
      spawnSync('git', ['-C', src, ...args], { stdio: 'ignore' });
    }
    const suite = join(dir, `suite-${marker}.yml`);
    writeFileSync(
      suite,
      [
        'name: hostile',
        'connection: socket',
        'threads: [1]',
        'durationSeconds: 1',
        'warmupSeconds: 1',
        'repetitions: 2',
        'tables: 1',
        'tableSize: 10',
        'serverOptions: { innodb_buffer_pool_size: 64M }',
        'workloads:',
        `  - { name: hostile, kind: sysbench-script, script: ${join(src, 'hostile.lua')}, resetData: none }`,
        '',
      ].join('\n'),
    );
    const prefix = join(dir, `prefix-${marker}`);
    const build = await cli(
      [
        'build',
        '--source',
        src,
        '--compiler',
        'gcc',
        '--prefix',
        prefix,
        ...(untrusted ? ['--untrusted', '--ccache-dir', join(dir, `ccache-${marker}`)] : ['--ccache', 'off']),
      ],
      home,
    );
    expect(build.output).toContain('measure it with');
    const out = join(dir, `run-${marker}`, 'results.json');
    const run = await cli(
      [
        'run',
        '--server',
        prefix,
        '--suite',
        suite,
        '--out',
        out,
        ...(untrusted ? ['--untrusted-side', 'head'] : []),
      ],
      home,
    );
    expect(run.output).toContain('results:');
    // What git does in the checkout afterwards: runs a core.fsmonitor the tree may have planted.
    spawnSync('git', ['-C', src, 'status', '--short'], { cwd: dir, stdio: 'ignore' });
    return { said: attempts(`${prefix}.build`, join(dir, `run-${marker}`)), trusted, home };
  }

  it('succeeds at every attempt when it is trusted, but never gets the tokens (the control)', async () => {
    const { said, trusted, home } = await buildAndMeasure('control', false);
    for (const stage of STAGES) {
      for (const attempt of ATTEMPTS) {
        const expected = attempt.startsWith('read-') && attempt.endsWith('-token') ? 'failed' : 'succeeded';
        expect([`${stage} ${attempt}`, said.get(`${stage} ${attempt}`)]).toEqual([
          `${stage} ${attempt}`,
          expected,
        ]);
      }
    }
    // From outside: the files, the requests, the daemons.
    expect(
      readdirSync(trusted)
        .filter((name) => name.startsWith('poisoned-'))
        .sort(),
    ).toEqual(STAGES.map((stage) => `poisoned-by-${stage}`).sort());
    expect(readdirSync(trusted).filter((name) => name.startsWith('fsmonitor-ran-')).length).toBeGreaterThan(
      0,
    );
    expect(readdirSync(trusted).filter((name) => name.startsWith('written-through-'))).toEqual([]);
    expect(readdirSync(home).filter((name) => name.startsWith('planted-')).length).toBe(STAGES.length);
    expect(listener.paths.filter((path) => path.startsWith('/control/')).sort()).toEqual(
      STAGES.map((stage) => `/control/${stage}`).sort(),
    );
    // One or more per stage: the server's wrapper also runs for the bootstrap.
    const left = daemons('control');
    expect(left.length).toBeGreaterThanOrEqual(STAGES.length);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    // The token attempts can succeed: given the tokens directly, the same script reads them.
    const direct = spawnSync('sh', [join(tmp.path, 'src-control', 'hostile.sh'), 'direct'], {
      env: { ...process.env, ...TOKENS },
      encoding: 'utf8',
    });
    expect(direct.stdout).toContain('ATTEMPT direct read-input-token: succeeded');
    expect(direct.stdout).toContain('ATTEMPT direct read-runtime-token: succeeded');
  }, 300_000);

  it('stops, running nothing of the tree, where bubblewrap cannot make its namespaces', () => {
    // A real refusal by the kernel: inside a user namespace that may not make more of them.
    const src = join(tmp.path, 'src');
    cpSync(FIXTURE, src, { recursive: true });
    writeFileSync(join(src, 'VERSION'), versionFile());
    writeFileSync(
      join(src, 'targets.sh'),
      `TRUSTED_DIR=${tmp.path}\nHOME_DIR=${tmp.path}\nPORT=1\nMARKER=nested\n`,
    );
    const [node, argv] = sourceCli(
      'build',
      '--source',
      src,
      '--compiler',
      'gcc',
      '--prefix',
      join(tmp.path, 'prefix'),
      '--untrusted',
      '--ccache',
      'off',
    );
    const nested = spawnSync(
      'bwrap',
      ['--unshare-user', '--disable-userns', '--dev-bind', '/', '/', '--', node, ...argv],
      {
        encoding: 'utf8',
        env: process.env,
      },
    );
    expect(nested.status).not.toBe(0);
    expect(nested.stderr).toContain('the sandbox for untrusted code cannot be made here');
    expect(nested.stderr).toContain('untrusted code is never run without it');
    expect(readdirSync(tmp.path).sort()).toEqual(['src']);
    expect(daemons('nested')).toEqual([]);
  }, 60_000);

  it.each([false, true])(
    'never writes or reads through the links it plants where the tool writes or reads next (untrusted: %s)',
    async (untrusted) => {
      const marker = untrusted ? 'links-sandboxed' : 'links-trusted';
      const { trusted } = await buildAndMeasure(marker, untrusted, true);
      // build.log and install.log were links into the trusted directory, error.log one to the
      // runner's credentials: the logs were written fresh, the error log not copied.
      expect(readdirSync(trusted).filter((name) => name.startsWith('written-through-'))).toEqual([]);
      expect(rawText(join(tmp.path, `run-${marker}`))).not.toContain('runner-registration');
      expect(readFileSync(join(tmp.path, `prefix-${marker}.build`, 'install.log'), 'utf8')).toContain(
        'Installing',
      );
      for (const pid of daemons(marker)) process.kill(pid, 'SIGKILL');
    },
    300_000,
  );

  /**
   * The hostile tree's base, built trusted (its code, the base branch's, attempts nothing) through
   * a trusted ccache whose store holds an entry as a trusted compile leaves one; and a way to make
   * and build the pull request's tree aimed at them.
   */
  async function trustedBaseOfHostileTree(name: string) {
    const dir = join(tmp.path, name);
    const home = join(dir, 'home');
    mkdirSync(home, { recursive: true });
    const build = async (src: string, prefix: string, ...args: string[]) => {
      const done = await cli(
        ['build', '--source', src, '--compiler', 'gcc', '--prefix', prefix, ...args],
        home,
      );
      expect([done.code, done.output]).toEqual([0, expect.stringContaining('measure it with') as unknown]);
    };
    const tree = (which: string, targets: string): string => {
      const src = join(dir, `src-${which}`);
      cpSync(FIXTURE, src, { recursive: true });
      writeFileSync(join(src, 'VERSION'), versionFile());
      writeFileSync(join(src, 'targets.sh'), targets);
      return src;
    };
    const ccache = join(dir, 'trusted-ccache');
    await build(tree('base', 'exit 0\n'), join(dir, 'base'), '--ccache-dir', ccache);
    const baseBuild = join(dir, 'base.build');
    const store = join(ccache, 'shared');
    mkdirSync(join(store, '00'), { recursive: true });
    writeFileSync(join(store, '00', 'entry'), 'a trusted result\n');
    // The pull request's tree: its code aims at the base's build directory and the store.
    const head = (marker: string): string =>
      tree(
        marker,
        `TRUSTED_DIR=${baseBuild}\nTRUSTED_STORE=${store}\nHOME_DIR=${home}\nPORT=${listener.port}\nMARKER=${marker}\n`,
      );
    return { dir, ccache, baseBuild, store, head, build };
  }

  it("writes nothing of the trusted base's build or ccache from the copy it starts from", async () => {
    const { dir, ccache, baseBuild, head, build } = await trustedBaseOfHostileTree('from-base');
    const before = { build: checksums(baseBuild), ccache: checksums(ccache) };
    const pr = join(dir, 'pr');
    const sandboxed = ['--untrusted', '--ccache-dir', join(pr, 'ccache'), '--base-build-dir', baseBuild];
    await build(head('from-base'), join(pr, 'head'), ...sandboxed);
    const said = attempts(join(pr, 'head.build'));
    for (const stage of ['configure', 'build']) {
      // At the base's path it wrote the private copy, and only that; beside it, the sandbox's own
      // directories, gone with it (checked from outside below); the store is read-only.
      expect(readFileSync(join(pr, 'head.build', `poisoned-by-${stage}`), 'utf8')).toBe(`${stage}\n`);
      expect([stage, said.get(`${stage} write-trusted`), said.get(`${stage} write-trusted-store`)]).toEqual([
        stage,
        'succeeded',
        'failed',
      ]);
      expect(said.has(`${stage} write-beside-base`)).toBe(true);
    }
    expect({ build: checksums(baseBuild), ccache: checksums(ccache) }).toEqual(before);
    expect(readdirSync(dir).filter((name) => name.startsWith('beside-the-base-'))).toEqual([]);
    expect(daemons('from-base')).toEqual([]);
  }, 300_000);

  it("succeeds at the same attempts built trusted in the base's own directory (the control)", async () => {
    const { dir, ccache, baseBuild, store, head, build } =
      await trustedBaseOfHostileTree('from-base-control');
    await build(
      head('from-base-control'),
      join(dir, 'control'),
      '--build-dir',
      baseBuild,
      '--ccache-dir',
      ccache,
    );
    for (const pid of daemons('from-base-control')) process.kill(pid, 'SIGKILL');
    expect(readFileSync(join(baseBuild, 'poisoned-by-configure'), 'utf8')).toBe('configure\n');
    expect(existsSync(join(dir, 'beside-the-base-by-configure'))).toBe(true);
    expect(readFileSync(join(store, 'ff', 'manifest-by-configure'), 'utf8')).toBe('configure\n');
    // The links it plants are still not written through.
    expect(readdirSync(baseBuild).filter((name) => name.startsWith('written-through-'))).toEqual([]);
  }, 300_000);

  it('fails at every attempt when it is built and measured untrusted', async () => {
    const { said, trusted, home } = await buildAndMeasure('sandboxed', true);
    for (const stage of STAGES) {
      for (const attempt of ATTEMPTS) {
        // The daemon starts, in the sandbox; that it is gone afterwards is checked from outside.
        const expected = attempt === 'daemon' ? 'succeeded' : 'failed';
        expect([`${stage} ${attempt}`, said.get(`${stage} ${attempt}`)]).toEqual([
          `${stage} ${attempt}`,
          expected,
        ]);
      }
    }
    expect(readdirSync(trusted)).toEqual([]);
    expect(rawText(join(tmp.path, 'run-sandboxed'))).not.toContain('runner-registration');
    expect(readdirSync(home)).toEqual(['.credentials']);
    expect(listener.paths.filter((path) => path.startsWith('/sandboxed/'))).toEqual([]);
    expect(daemons('sandboxed')).toEqual([]);
    expect(readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).length).toBeGreaterThan(0);
  }, 300_000);
});
