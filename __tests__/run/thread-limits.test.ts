// Whether a suite's most client threads fit the servers' max_connections and the open-files limit.
import { threadLimitProblems } from '../../src/run/thread-limits.js';

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
