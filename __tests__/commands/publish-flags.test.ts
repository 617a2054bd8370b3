// The charts-keep input: a whole number of runs per pull request, 5 when left out, 0 for all.
import { chartsKeepFromFlag, DEFAULT_CHARTS_KEEP } from '../../src/commands/publish-flags.js';

describe('charts-keep', () => {
  it.each([
    [undefined, DEFAULT_CHARTS_KEEP],
    ['', DEFAULT_CHARTS_KEEP],
    ['0', 0],
    [' 12 ', 12],
  ])('%j keeps %d', (given, expected) => {
    expect(chartsKeepFromFlag(given, 'input "charts-keep"')).toBe(expected);
  });

  it.each(['-1', '2.5', 'all', '1e3'])('%j is refused, naming the input', (given) => {
    expect(() => chartsKeepFromFlag(given, 'input "charts-keep"')).toThrow(
      `input "charts-keep" ${JSON.stringify(given)}: expected a whole number of runs to keep per pull request (0 keeps every run)`,
    );
  });
});
