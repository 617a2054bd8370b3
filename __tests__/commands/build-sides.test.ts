// A side that would start from the build directory of a side reused from the store (which holds
// whatever was last built there, not that side's build) is built without it, and says so.
import { startingOnlyFromBuilt } from '../../src/commands/build.js';
import type { SideBuild } from '../../src/commands/build.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const HEAD: SideBuild = {
  side: 'head',
  source: '/w/head',
  compiler: 'gcc-12',
  prefix: '/tmp/untrusted/head-gcc-12',
  untrusted: { ccacheDir: '/c/pr-12', baseBuildDir: '/b/base-gcc-12.build' },
};

describe('startingOnlyFromBuilt', () => {
  it("drops the base's build directory when the base was reused from the store", () => {
    const lines: string[] = [];
    const side = startingOnlyFromBuilt(
      HEAD,
      new Set(['/b/base-gcc-12.build']),
      recordingLogger(() => lines),
    );
    expect(side.untrusted).toEqual({ ccacheDir: '/c/pr-12' });
    expect(lines).toEqual([
      'info: the head is built from nothing, not from /b/base-gcc-12.build: the base was reused from the store, not built there, so that directory is not its build',
    ]);
  });

  it('keeps it when the base was built there', () => {
    const lines: string[] = [];
    expect(
      startingOnlyFromBuilt(
        HEAD,
        new Set(),
        recordingLogger(() => lines),
      ),
    ).toBe(HEAD);
    expect(
      startingOnlyFromBuilt(
        HEAD,
        new Set(['/b/other.build']),
        recordingLogger(() => lines),
      ),
    ).toBe(HEAD);
    expect(lines).toEqual([]);
  });
});
