// Where the server and sysbench run: the CPU lists and the choice per mode, suite and machine.
import { formatCpuList, parseCpuList } from '../../src/cpu-list.js';
import { chooseParallelSides, choosePlacement } from '../../src/run/placement.js';
import { loadSuite } from '../../src/suite/load-suite.js';

const quick = loadSuite('quick');
const instructions = loadSuite('instructions');

describe('CPU lists', () => {
  it.each([
    ['0', [0]],
    ['0-3', [0, 1, 2, 3]],
    ['0-3,6', [0, 1, 2, 3, 6]],
    [' 1,0 ', [0, 1]],
    ['2-2,8-9', [2, 8, 9]],
  ])('reads %j', (text, cpus) => {
    expect(parseCpuList(text)).toEqual(cpus);
    expect(parseCpuList(formatCpuList(cpus))).toEqual(cpus);
  });

  it('writes ranges the way the kernel does', () => {
    expect(formatCpuList([3, 0, 1, 2, 6, 8, 9])).toBe('0-3,6,8-9');
    expect(formatCpuList([5])).toBe('5');
  });

  it('refuses what is not a list', () => {
    expect(() => parseCpuList('0-a')).toThrow('not a CPU list: "0-a" (expected e.g. 0-3,6)');
    expect(() => parseCpuList('')).toThrow(RangeError);
  });
});

describe('choosePlacement', () => {
  it('pins instruction suites by default: the server and sysbench one CPU each on two', () => {
    expect(choosePlacement('auto', instructions, [0, 1], '--pin')).toEqual({
      placement: { pinned: true, server: '1', client: '0' },
    });
  });

  it('gives sysbench the first quarter of the CPUs, at least one, and the server the rest', () => {
    expect(choosePlacement('on', quick, [0, 1, 2, 3, 4, 5, 6, 7], '--pin').placement).toEqual({
      pinned: true,
      server: '2-7',
      client: '0-1',
    });
    expect(choosePlacement('on', instructions, [2, 5, 6], '--pin').placement).toEqual({
      pinned: true,
      server: '5-6',
      client: '2',
    });
  });

  it('pins throughput suites by default too, and nothing with --pin off', () => {
    expect(choosePlacement('auto', quick, [0, 1, 2, 3], '--pin').placement).toEqual({
      pinned: true,
      server: '1-3',
      client: '0',
    });
    expect(choosePlacement('off', instructions, [0, 1], '--pin').placement).toEqual({
      pinned: false,
      reason: 'not asked for: --pin off',
    });
    expect(choosePlacement('off', instructions, [0, 1], 'input "pin"').placement).toEqual({
      pinned: false,
      reason: 'not asked for: input "pin" off',
    });
  });

  it('warns when one CPU is all there is, or when the server gets fewer CPUs than the suite has threads', () => {
    const alone = choosePlacement('on', quick, [3], '--pin');
    expect(alone.placement.pinned).toBe(false);
    expect(alone.warning).toBe(
      'not pinned: only CPU 3 is available to this run: the server and sysbench cannot be kept apart',
    );
    expect(choosePlacement('on', quick, [0, 1], '--pin').warning).toBe(
      'the server runs on 1 CPU (1) while the suite runs up to 4 threads: those cells measure a server with fewer CPUs than threads (--pin off measures the whole machine)',
    );
    expect(choosePlacement('on', quick, [0, 1, 2, 3, 4, 5], '--pin').warning).toBeUndefined();
  });

  it('pins nothing for a server on another machine, and warns only when pinning was asked for', () => {
    const reason =
      'the server runs on another machine (db2:3306): there is no server here to keep apart from sysbench';
    expect(choosePlacement('auto', quick, [0, 1], '--pin', 'db2:3306')).toEqual({
      placement: { pinned: false, reason },
    });
    expect(choosePlacement('on', quick, [0, 1], '--pin', 'db2:3306')).toEqual({
      placement: { pinned: false, reason },
      warning: `not pinned: ${reason}`,
    });
    expect(choosePlacement('off', quick, [0, 1], '--pin', 'db2:3306').placement).toEqual({
      pinned: false,
      reason: 'not asked for: --pin off',
    });
  });

  it('only notes, without a warning, what auto could not give', () => {
    expect(choosePlacement('auto', quick, [3], '--pin')).toEqual({
      placement: {
        pinned: false,
        reason: 'only CPU 3 is available to this run: the server and sysbench cannot be kept apart',
      },
      note: 'not pinned: only CPU 3 is available to this run: the server and sysbench cannot be kept apart',
    });
    const small = choosePlacement('auto', quick, [0, 1], '--pin');
    expect(small.warning).toBeUndefined();
    expect(small.note).toMatch(
      /^the server runs on 1 CPU \(1\) while the suite runs up to 4 threads.*--pin off measures the whole machine\)$/,
    );
  });
});

describe('chooseParallelSides', () => {
  it('measures both sides of a count suite at once by default, each on half the CPUs', () => {
    expect(chooseParallelSides('auto', instructions, 2, [0, 1], '--parallel-sides')).toEqual({
      sides: { parallel: true, cpus: { base: '0', head: '1' } },
    });
    expect(chooseParallelSides('on', instructions, 2, [0, 1, 2, 3, 4], '--parallel-sides')).toEqual({
      sides: { parallel: true, cpus: { base: '0-1', head: '2-4' } },
    });
  });

  it('keeps wall-clock suites one side at a time (run refuses --parallel-sides on them when reading its flags)', () => {
    expect(chooseParallelSides('auto', quick, 2, [0, 1], '--parallel-sides').sides).toEqual({
      parallel: false,
      reason: 'suite quick measures time',
    });
  });

  it('says why not when it was asked for and cannot be, and is quiet when it was not', () => {
    expect(chooseParallelSides('on', instructions, 2, [3], 'input "parallel-sides"')).toEqual({
      sides: { parallel: false, reason: 'only CPU 3 is available to this run' },
      warning: 'input "parallel-sides": only CPU 3 is available to this run; measuring one side at a time',
    });
    expect(chooseParallelSides('auto', instructions, 2, [3], '--parallel-sides').warning).toBeUndefined();
    expect(chooseParallelSides('auto', instructions, 1, [0, 1], '--parallel-sides').sides.parallel).toBe(
      false,
    );
    expect(chooseParallelSides('off', instructions, 2, [0, 1], '--parallel-sides').sides).toEqual({
      parallel: false,
      reason: 'not asked for (--parallel-sides off)',
    });
  });
});
