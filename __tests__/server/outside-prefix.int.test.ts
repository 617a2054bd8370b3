// A server that is in no install prefix of its own: a copy of Debian's mariadbd in a directory by
// itself is bootstrapped through a prefix of links to it and the distribution's files, and runs
// a suite; nothing of the links or the run is left behind.
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { readResults } from '../../src/results/results-file.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, describeWithServer, ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describeWithServer() : describe.skip;
const dir = useTempDir('gate-outside-');
const stderr = captureStderr();

maybe('a server outside an install prefix', () => {
  it('a copied mariadbd in a directory of its own runs a suite', async () => {
    const alone = join(dir.path, 'alone');
    mkdirSync(alone);
    copyFileSync('/usr/sbin/mariadbd', join(alone, 'mariadbd'));
    const out = join(dir.path, 'r.json');
    const work = join(dir.path, 'work');
    const code = await main([
      'node',
      'mysql-perf-gate',
      'run',
      '--server',
      join(alone, 'mariadbd'),
      '--suite',
      join(ROOT, '__fixtures__', 'suites', 'tiny.yml'),
      '--out',
      out,
      '--work-dir',
      work,
      '--verbose',
    ]);
    expect({ code, stderr: code === 0 ? '' : stderr.text }).toEqual({ code: 0, stderr: '' });
    expect(stderr.text).toMatch(/--basedir=\S+\/bootstrap-prefix/);
    const results = readResults(out);
    expect(results.sides.head.binary).toBe(join(alone, 'mariadbd'));
    expect(results.cells.length).toBeGreaterThan(0);
    expect(processesMentioning(work)).toEqual([]);
    expect(existsSync(work) ? readdirSync(work) : []).toEqual([]);
    expect(readdirSync(alone)).toEqual(['mariadbd']);
  }, 300_000);
});
