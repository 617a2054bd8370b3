import { optionsHash } from '../../src/baseline/hash.js';
import { canonicalJson } from '../../src/stable-hash.js';
import { suiteHash } from '../../src/suite/suite-hash.js';
import { baselineKey, baselineRelativePath, sanitizeName } from '../../src/baseline/key.js';
import { InputError } from '../../src/errors.js';
import type { Results } from '../../src/results/results-schema.js';
import { fixtureResults as results } from '../../__fixtures__/baseline/results.js';
import { thrownBy } from '../helpers/errors.js';

function withHeadOptions(options: Record<string, string>): Results {
  const copy = results();
  return { ...copy, sides: { head: { ...copy.sides.head, options } } };
}

describe('stable hashes', () => {
  it('does not depend on key order, but does on array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: 1, skipped: undefined })).toBe('{"a":1}');
    expect(optionsHash({ a: '1', b: '2' })).toBe(optionsHash({ b: '2', a: '1' }));
  });

  it('treats "-" and "_" in option names alike, and values verbatim', () => {
    expect(optionsHash({ 'innodb-buffer-pool-size': '256M' })).toBe(
      optionsHash({ innodb_buffer_pool_size: '256M' }),
    );
    expect(optionsHash({ innodb_buffer_pool_size: '256M' })).not.toBe(
      optionsHash({ innodb_buffer_pool_size: '268435456' }),
    );
  });

  it('hashes the suite as run: description and tolerances do not count, a duration does', () => {
    const suite = results().suite;
    expect(suiteHash({ ...suite, description: 'reworded' })).toBe(suiteHash(suite));
    expect(suiteHash({ ...suite, tolerances: { tps: 0.5, overrides: [] } })).toBe(suiteHash(suite));
    expect(suiteHash({ ...suite, durationSeconds: 20 })).not.toBe(suiteHash(suite));
    expect(suiteHash({ ...suite, threads: [4, 1] })).not.toBe(suiteHash(suite));
    expect(suiteHash(suite)).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('baseline keys', () => {
  it('defaults the testbed to the hardware fingerprint and keys by suite and options', () => {
    const key = baselineKey(results());
    expect(key).toEqual({
      testbed: '73565f5a8c11a8d9',
      suite: 'quick',
      optionsHash: optionsHash({ innodb_buffer_pool_size: '256M', max_connections: '200' }),
      options: { innodb_buffer_pool_size: '256M', max_connections: '200' },
    });
    expect(baselineRelativePath(key)).toBe(`73565f5a8c11a8d9/quick-${key.optionsHash}.json`);
  });

  it('gives the same file for the same suite and options, another for other options', () => {
    const a = baselineRelativePath(baselineKey(results(), { testbed: 'runner-1' }));
    const later = results();
    const b = baselineRelativePath(
      baselineKey({ ...later, startedAt: '2027-01-01T00:00:00.000Z' }, { testbed: 'runner-1' }),
    );
    const spelledOtherwise = baselineRelativePath(
      baselineKey(withHeadOptions({ 'innodb-buffer-pool-size': '256M', max_connections: '200' }), {
        testbed: 'runner-1',
      }),
    );
    const other = baselineRelativePath(
      baselineKey(withHeadOptions({ innodb_buffer_pool_size: '1G', max_connections: '200' }), {
        testbed: 'runner-1',
      }),
    );
    expect(b).toBe(a);
    expect(spelledOtherwise).toBe(a);
    expect(other).not.toBe(a);
    expect(other.startsWith('runner-1/quick-')).toBe(true);
  });

  it('sanitizes names into one safe path component', () => {
    expect(sanitizeName('ci/runner 1', 'testbed')).toBe('ci_runner_1');
    expect(sanitizeName('../../etc', 'testbed')).toBe('_.._etc');
    expect(sanitizeName('.hidden', 'testbed')).toBe('hidden');
    expect(sanitizeName('x'.repeat(200), 'testbed')).toHaveLength(80);
    expect(thrownBy(InputError, () => sanitizeName('..', 'testbed')).message).toBe(
      'testbed name ".." has no letter or digit to name a directory or file with',
    );
    expect(baselineRelativePath(baselineKey(results(), { testbed: 'ci/runner 1' }))).toMatch(
      /^ci_runner_1\/quick-[0-9a-f]{12}\.json$/,
    );
  });

  it('refuses the base side of a single-server run', () => {
    expect(thrownBy(InputError, () => baselineKey(results(), { side: 'base' })).message).toBe(
      'the results have no base side: a single-server run has only the head side',
    );
  });
});
