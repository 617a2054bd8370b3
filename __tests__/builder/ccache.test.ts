import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  ccacheFigures,
  type CcacheSetup,
  detectCcache,
  parseCcacheCounters,
  readCcacheCounters,
} from '../../src/builder/ccache.js';

// `CCACHE_DIR=$(mktemp -d) ccache --print-stats` with ccache 4.7.5 (Debian 12), after one compile
// (a miss), the same compile again (a direct hit), a link and a compile of a missing file.
const PRINT_STATS = `autoconf_test\t0
bad_compiler_arguments\t0
bad_output_file\t0
cache_miss\t1
cache_size_kibibyte\t8
called_for_link\t1
called_for_preprocessing\t0
cleanups_performed\t0
compile_failed\t0
compiler_check_failed\t0
compiler_produced_empty_output\t0
compiler_produced_no_output\t0
compiler_produced_stdout\t0
could_not_find_compiler\t0
could_not_use_modules\t0
could_not_use_precompiled_header\t0
direct_cache_hit\t1
direct_cache_miss\t1
error_hashing_extra_file\t0
files_in_cache\t2
internal_error\t0
local_storage_hit\t1
local_storage_miss\t1
local_storage_read_hit\t2
local_storage_read_miss\t2
local_storage_write\t2
missing_cache_file\t0
multiple_source_files\t0
no_input_file\t1
output_to_stdout\t0
preprocessed_cache_hit\t0
preprocessed_cache_miss\t1
preprocessor_error\t0
recache\t0
remote_storage_error\t0
remote_storage_hit\t0
remote_storage_miss\t0
remote_storage_read_hit\t0
remote_storage_read_miss\t0
remote_storage_timeout\t0
remote_storage_write\t0
stats_updated_timestamp\t1795383949
stats_zeroed_timestamp\t0
unsupported_code_directive\t0
unsupported_compiler_option\t0
unsupported_environment_variable\t0
unsupported_source_language\t0
`;

let temp: string;
beforeEach(async () => {
  temp = await mkdtemp(join(tmpdir(), 'ccache-test-'));
});
afterEach(async () => {
  await rm(temp, { recursive: true, force: true });
});

const counters = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries));

describe('parseCcacheCounters', () => {
  it('reads every counter of real ccache 4.7 output', () => {
    const parsed = parseCcacheCounters(PRINT_STATS);
    expect(parsed.size).toBe(47);
    expect(parsed.get('cache_miss')).toBe(1);
    expect(parsed.get('direct_cache_hit')).toBe(1);
    expect(parsed.get('preprocessed_cache_hit')).toBe(0);
    expect(parsed.get('called_for_link')).toBe(1);
    expect(parsed.get('no_input_file')).toBe(1);
    expect(parsed.get('cache_size_kibibyte')).toBe(8);
    expect(parsed.get('stats_updated_timestamp')).toBe(1795383949);
  });

  it('ignores lines that are not "name<TAB>whole number"', () => {
    const text = [
      'cache_miss\t12',
      'ccache version 4.7.5', // no tab
      'direct_cache_hit 3', // space, not a tab
      '\t7', // no name
      'compile_failed\t', // no value
      'preprocessed_cache_hit\tmany',
      'called_for_link\t-1',
      'no_input_file\t1.5',
      '',
      'files_in_cache\t40\r', // a CRLF line end
    ].join('\n');
    expect([...parseCcacheCounters(text)]).toEqual([
      ['cache_miss', 12],
      ['files_in_cache', 40],
    ]);
  });

  it('is empty for empty output', () => {
    expect(parseCcacheCounters('').size).toBe(0);
  });
});

describe('ccacheFigures', () => {
  it('counts direct and preprocessed hits, misses and every uncacheable kind between two readings', () => {
    const before = counters({
      direct_cache_hit: 10,
      preprocessed_cache_hit: 2,
      cache_miss: 100,
      called_for_link: 5,
      no_input_file: 1,
      files_in_cache: 300,
    });
    const after = counters({
      direct_cache_hit: 510,
      preprocessed_cache_hit: 22,
      cache_miss: 130,
      called_for_link: 45,
      no_input_file: 1,
      called_for_preprocessing: 3,
      unsupported_compiler_option: 2,
      autoconf_test: 4,
      compile_failed: 1,
      // Not calls: neither hits, misses nor uncacheable.
      files_in_cache: 900,
      direct_cache_miss: 30,
      local_storage_hit: 520,
    });
    expect(ccacheFigures(before, after)).toEqual({
      hits: 520,
      remoteHits: 0,
      misses: 30,
      uncacheable: 40 + 3 + 2 + 4 + 1,
    });
  });

  it('counts a counter missing from the first reading as 0', () => {
    expect(
      ccacheFigures(new Map(), counters({ direct_cache_hit: 3, cache_miss: 2, output_to_stdout: 1 })),
    ).toEqual({ hits: 3, remoteHits: 0, misses: 2, uncacheable: 1 });
  });

  it('clamps counters that went down (the cache was zeroed in between) to 0', () => {
    const before = counters({
      direct_cache_hit: 50,
      preprocessed_cache_hit: 1,
      cache_miss: 9,
      called_for_link: 7,
    });
    const after = counters({
      direct_cache_hit: 4,
      preprocessed_cache_hit: 3,
      cache_miss: 0,
      called_for_link: 2,
    });
    expect(ccacheFigures(before, after)).toEqual({ hits: 2, remoteHits: 0, misses: 0, uncacheable: 0 });
  });

  it('counts the hits remote storage answered apart (the trusted store, read by an untrusted build)', () => {
    const before = counters({ remote_storage_hit: 4, preprocessed_cache_hit: 4 });
    const after = counters({ remote_storage_hit: 7, preprocessed_cache_hit: 9, cache_miss: 1 });
    expect(ccacheFigures(before, after)).toEqual({ hits: 5, remoteHits: 3, misses: 1, uncacheable: 0 });
  });

  it('is all zeros between two identical readings', () => {
    const reading = parseCcacheCounters(PRINT_STATS);
    expect(ccacheFigures(reading, reading)).toEqual({ hits: 0, remoteHits: 0, misses: 0, uncacheable: 0 });
  });
});

describe('detectCcache', () => {
  it('says how to install ccache when it is not on PATH', async () => {
    const empty = join(temp, 'bin');
    await mkdir(empty);
    await expect(detectCcache(undefined, { PATH: empty, HOME: temp })).resolves.toEqual({
      reason: 'ccache is not installed (Debian/Ubuntu: apt-get install ccache)',
    });
  });

  it('uses the directory it is given and puts it into the environment as CCACHE_DIR', async () => {
    const dir = join(temp, 'given');
    const env = { PATH: process.env.PATH, HOME: temp, CCACHE_DIR: join(temp, 'ignored'), OTHER: 'kept' };
    const found = await detectCcache(dir, env);
    expect(found).toEqual({
      version: expect.stringMatching(/^\d+\.\d+(\.\d+)?$/) as unknown,
      dir,
      env: { ...env, CCACHE_DIR: dir },
    });
    // The caller's environment is left alone.
    expect(env.CCACHE_DIR).toBe(join(temp, 'ignored'));
  });

  it('reports the version number of `ccache --version`, not the whole line', async () => {
    const version = execFileSync('ccache', ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? '';
    const found = await detectCcache(join(temp, 'c'), { PATH: process.env.PATH, HOME: temp });
    expect('version' in found && version.endsWith(` ${found.version}`)).toBe(true);
  });

  it('takes CCACHE_DIR from the environment when no directory is given', async () => {
    const dir = join(temp, 'from-env');
    const found = await detectCcache(undefined, { PATH: process.env.PATH, HOME: temp, CCACHE_DIR: dir });
    expect('dir' in found && found.dir).toBe(dir);
    expect('env' in found && found.env.CCACHE_DIR).toBe(dir);
  });

  it("falls back to ccache's default under $HOME", async () => {
    const found = await detectCcache(undefined, { PATH: process.env.PATH, HOME: temp });
    expect('dir' in found && found.dir).toBe(join(temp, '.cache', 'ccache'));
    expect('env' in found && found.env.CCACHE_DIR).toBe(join(temp, '.cache', 'ccache'));
  });
});

describe('readCcacheCounters', () => {
  async function setUp(): Promise<CcacheSetup> {
    const found = await detectCcache(join(temp, 'cache'), { PATH: process.env.PATH, HOME: temp });
    if (!('env' in found)) throw new Error(`ccache is needed for this test: ${found.reason}`);
    return found;
  }

  it('reads all zeros from an empty cache directory', async () => {
    const setup = await setUp();
    const reading = await readCcacheCounters(setup);
    expect(reading?.get('cache_miss')).toBe(0);
    expect(reading?.get('direct_cache_hit')).toBe(0);
    expect(reading?.get('called_for_link')).toBe(0);
    expect(reading?.size).toBeGreaterThan(20);
  });

  it('sees a miss, a hit and two uncacheable calls made through the cache directory', async () => {
    const setup = await setUp();
    const before = await readCcacheCounters(setup);
    const source = join(temp, 'a.c');
    await writeFile(source, 'int f(void) { return 1; }\n');
    const ccache = (args: string[]): void => {
      try {
        execFileSync('ccache', args, { env: setup.env, cwd: temp, stdio: 'ignore' });
      } catch {
        // The compile of a missing file fails, as it should.
      }
    };
    ccache(['gcc', '-c', source, '-o', join(temp, 'a.o')]); // miss
    ccache(['gcc', '-c', source, '-o', join(temp, 'a.o')]); // direct hit
    ccache(['gcc', '-shared', join(temp, 'a.o'), '-o', join(temp, 'a.so')]); // called_for_link
    ccache(['gcc', '-c', join(temp, 'missing.c')]); // no_input_file
    const after = await readCcacheCounters(setup);
    if (!before || !after) throw new Error('ccache printed no counters');
    expect(ccacheFigures(before, after)).toEqual({ hits: 1, remoteHits: 0, misses: 1, uncacheable: 2 });
  });
});
