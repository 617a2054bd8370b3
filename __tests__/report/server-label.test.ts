import { readFileSync } from 'node:fs';

import { serverLabel } from '../../src/report/labels.js';
import { type BuildInfo, Results } from '../../src/results/results-schema.js';
import { renderResultsSummary } from '../../src/results/results-summary.js';
import { clangBuild, gccBuild } from '../helpers/build-info.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

// The sides of a real A/B verdict: Debian's MariaDB 10.11.19, whose stripped binary has no compiler.
const { base, head } = abReportInput(fixtureResults('quick-ab-performance-schema.json')).verdict.sides;

describe('serverLabel', () => {
  it('names the flavor, version and compiler of a server not built here', () => {
    expect(base.build).toBeUndefined();
    expect(serverLabel(base)).toBe('MariaDB 10.11.19-MariaDB-0+deb12u1, compiler unknown');
  });

  it('names the compiler found in the binary when it is known', () => {
    const side = {
      ...head,
      compiler: { known: true as const, name: 'GCC: (Debian 12.2.0-14) 12.2.0', comments: [] },
    };
    expect(serverLabel(side)).toBe('MariaDB 10.11.19-MariaDB-0+deb12u1, GCC: (Debian 12.2.0-14) 12.2.0');
  });

  it('adds how it was built here, with the first 12 characters of the commit', () => {
    const side = {
      ...base,
      build: { compiler: 'gcc 12.2.0', buildType: 'RelWithDebInfo', sourceCommit: COMMIT },
    };
    expect(serverLabel(side)).toBe(
      'MariaDB 10.11.19-MariaDB-0+deb12u1, compiler unknown; built here with gcc 12.2.0, RelWithDebInfo at 0123456789ab',
    );
  });

  it('leaves out " at" when the source was not a git checkout', () => {
    const side = {
      ...head,
      flavor: 'mysql' as const,
      versionFunction: '8.0.36',
      build: { compiler: 'clang 16.0.6', buildType: 'Debug', sourceCommit: null },
    };
    expect(serverLabel(side)).toBe('MySQL 8.0.36, compiler unknown; built here with clang 16.0.6, Debug');
  });
});

/** A gcc build of the fixture's version from a git checkout with local changes. */
const BUILD: BuildInfo = gccBuild({
  version: '10.11.19',
  source: { root: '/srv/src/mariadb-10.11.19', gitCommit: COMMIT, gitDirty: true },
  buildType: 'RelWithDebInfo',
  flags: { c: '-gdwarf-4 -O2 -g -DNDEBUG', cxx: '-gdwarf-4 -O2 -g -DNDEBUG' },
});

/** The A/B fixture with `build` added to the base side, checked against the schema. */
function resultsWithBuild(build: BuildInfo): Results {
  const path = new URL('../../__fixtures__/results/quick-ab-performance-schema.json', import.meta.url)
    .pathname;
  const data = JSON.parse(readFileSync(path, 'utf8')) as { sides: { base: Record<string, unknown> } };
  data.sides.base.build = build;
  return Results.parse(data);
}

describe('renderResultsSummary', () => {
  it('says how a side built here was built, under that side', () => {
    const lines = renderResultsSummary(resultsWithBuild(BUILD)).split('\n');
    const built = lines.indexOf(
      '  built here: gcc 12.2.0, RelWithDebInfo, C++ flags "-gdwarf-4 -O2 -g -DNDEBUG", source 0123456789ab (modified)',
    );
    expect(built).toBeGreaterThan(0);
    expect(lines[built - 1]).toMatch(/^base: MariaDB 10\.11\.19-MariaDB-0\+deb12u1, compiler unknown \(/);
    expect(lines[built + 1]).toMatch(/^head: /);
    expect(lines.filter((line) => line.startsWith('  built here:'))).toHaveLength(1);
  });

  it('leaves out "(modified)" for a clean checkout and the source for a tree that is not one', () => {
    const clean = renderResultsSummary(
      resultsWithBuild({ ...BUILD, source: { ...BUILD.source, gitDirty: false } }),
    );
    expect(clean).toContain(
      '  built here: gcc 12.2.0, RelWithDebInfo, C++ flags "-gdwarf-4 -O2 -g -DNDEBUG", source 0123456789ab\n',
    );
    const unpacked = renderResultsSummary(
      resultsWithBuild(
        clangBuild({
          version: '10.11.19',
          buildType: 'Release',
          flags: { c: '', cxx: '-O3 -DNDEBUG' },
          source: { root: '/src', gitCommit: null, gitDirty: null },
        }),
      ),
    );
    expect(unpacked).toContain('  built here: clang 16.0.6, Release, C++ flags "-O3 -DNDEBUG"\n');
  });

  it('has no "built here" line for servers built elsewhere', () => {
    expect(renderResultsSummary(fixtureResults('quick-ab-performance-schema.json'))).not.toContain(
      'built here',
    );
  });
});
