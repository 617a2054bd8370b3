// Whether a suite's most client threads fit the servers' max_connections and the open-files limit;
// a replica apply's threads are its applier's, inside the server, and not among them.
import { mostClientThreads, threadLimitProblems } from '../../src/run/thread-limits.js';
import { parseSuite } from '../../src/suite/parse-suite.js';

const side = (options: Record<string, string>) => [{ label: 'the head server', options }];

describe('threadLimitProblems', () => {
  it.each([
    [64, {}, 20000, []],
    [1024, { max_connections: '1100' }, 20000, []],
    [1024, { max_connections: '2K' }, 20000, []],
    [142, {}, 20000, [/at least 152, but the head server has the default 151/]],
    [1024, { max_connections: '1030' }, 20000, [/at least 1034, but the head server has 1030/]],
    [1024, { max_connections: 'lots' }, 20000, [/has lots/]],
    [
      1024,
      { max_connections: '1100' },
      1024,
      [/need 1088 open files in sysbench, but this process may open 1024/],
    ],
    [1024, { max_connections: '1100' }, undefined, []],
  ])('%i threads, %j, %s files', (threads, options, openFiles, expected) => {
    const problems = threadLimitProblems({ threads, options: side(options), openFiles, setOption: '--set' });
    expect(problems).toHaveLength(expected.length);
    expected.forEach((pattern, index) => {
      expect(problems[index]).toMatch(pattern);
    });
  });
});

describe('mostClientThreads', () => {
  const suite = (workloads: readonly Record<string, unknown>[]) =>
    parseSuite(
      JSON.stringify({
        name: 'ops',
        metric: 'throughput',
        durationSeconds: 5,
        threads: [1],
        repetitions: 2,
        tables: 2,
        tableSize: 1000,
        randSeed: 7,
        workloads,
      }),
      'ops.yml',
    );

  it("leaves a replica apply's applier threads out: 200 of them need no connections", () => {
    const apply = { name: 'apply', kind: 'replica-apply', events: 100, threads: [1, 200] };
    expect(mostClientThreads(suite([apply]))).toBe(0);
    expect(mostClientThreads(suite([apply, { name: 'crash', kind: 'recovery', events: 100 }]))).toBe(1);
  });

  it("counts a client workload's threads", () => {
    const apply = { name: 'apply', kind: 'replica-apply', events: 100, threads: [1, 200] };
    expect(mostClientThreads(suite([{ name: 'oltp_point_select', threads: [1, 64] }, apply]))).toBe(64);
  });
});
