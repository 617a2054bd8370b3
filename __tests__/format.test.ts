// Every rule of format.ts, one table per function. "−" in an expected string is U+2212 (the
// comment's and the HTML report's minus); "-" is the ASCII hyphen-minus of terminals and charts.
import {
  formatChangePercent,
  formatChangePercentLabel,
  formatChangePercentPlain,
  formatCount,
  formatCountPlain,
  formatDuration,
  formatFigure,
  formatFigureFixed,
  formatFigurePlain,
  formatGiB,
  formatLoadAverage,
  formatPValue,
  formatPercent,
  formatPercentFine,
  formatSignedCount,
  formatSignedCountPlain,
  formatTolerance,
  formatToleranceWhole,
  groupThousands,
  MINUS_SIGN,
  plural,
} from '../src/format.js';

describe('format', () => {
  it('uses U+2212 as its typographic minus', () => {
    expect(MINUS_SIGN).toBe('\u2212');
    expect(formatChangePercent(-0.15)).toBe('\u221215.0%');
  });

  it.each([
    [1, '1 thread'],
    [0, '0 threads'],
    [2, '2 threads'],
  ])('plural(%p) is %p', (count, expected) => {
    expect(plural(count, 'thread', 'threads')).toBe(expected);
  });

  it.each([
    ['2331897', '2,331,897'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1000.5', '1,000.5'],
    ['', ''],
  ])('groupThousands(%p) is %p', (digits, expected) => {
    expect(groupThousands(digits)).toBe(expected);
  });

  it.each([
    [0.084, '+8.4%'],
    [-0.15, '−15.0%'],
    [1.5, '+150.0%'],
    [0, '0.0%'],
    [0.0004, '0.0%'],
    [-0.0004, '0.0%'],
  ])('formatChangePercent(%p) is %p', (fraction, expected) => {
    expect(formatChangePercent(fraction)).toBe(expected);
  });

  it.each([
    [0.084, '+8.4%'],
    [-0.15, '-15.0%'],
    [0, '0.0%'],
    [0.0004, '+0.0%'],
    [-0.0004, '-0.0%'],
  ])('formatChangePercentPlain(%p) is %p', (fraction, expected) => {
    expect(formatChangePercentPlain(fraction)).toBe(expected);
  });

  it.each([
    [0.084, '+8.4%'],
    [-0.15, '-15.0%'],
    [0, '+0.0%'],
    [0.0004, '+0.0%'],
    [-0.0004, '+0.0%'],
  ])('formatChangePercentLabel(%p) is %p', (fraction, expected) => {
    expect(formatChangePercentLabel(fraction)).toBe(expected);
  });

  it.each([
    [0.123, undefined, '12.3%'],
    [0, undefined, '0.0%'],
    [0.0042, 2, '0.42%'],
    [0.5, 0, '50%'],
  ])('formatPercent(%p, %p) is %p', (fraction, decimals, expected) => {
    expect(formatPercent(fraction, decimals)).toBe(expected);
  });

  it.each([
    [0.05, '5.0%'],
    [0.01, '1.0%'],
    [0.0099, '0.99%'],
    [0.0004, '0.04%'],
    [-0.0004, '-0.04%'],
    [0, '0.0%'],
  ])('formatPercentFine(%p) is %p', (fraction, expected) => {
    expect(formatPercentFine(fraction)).toBe(expected);
  });

  it.each([
    [0.05, '5%'],
    [0.1, '10%'],
    [0.025, '2.5%'],
    [0.333, '33.3%'],
  ])('formatTolerance(%p) is %p', (threshold, expected) => {
    expect(formatTolerance(threshold)).toBe(expected);
  });

  it.each([
    [0.05, '5%'],
    [0.1, '10%'],
    [0.026, '3%'],
    [0.024, '2%'],
  ])('formatToleranceWhole(%p) is %p', (threshold, expected) => {
    expect(formatToleranceWhole(threshold)).toBe(expected);
  });

  it.each([
    [105681.2, '105,681'],
    [100, '100'],
    [99.999, '100.00'],
    [2.4817, '2.48'],
    [0.06, '0.060'],
    [0, '0'],
    [-3595.4, '−3,595'],
    [-0.5, '−0.50'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
    [Number.NaN, 'NaN'],
  ])('formatFigure(%p) is %p', (value, expected) => {
    expect(formatFigure(value)).toBe(expected);
  });

  it.each([
    [105681.2, '105681'],
    [2.4817, '2.48'],
    [0.06, '0.060'],
    [0, '0.0'],
    [-5, '-5.0'],
  ])('formatFigurePlain(%p) is %p', (value, expected) => {
    expect(formatFigurePlain(value)).toBe(expected);
  });

  it.each([
    [105681.2, '105681'],
    [99.999, '100.00'],
    [2.4817, '2.48'],
    [0.06, '0.06'],
    [0, '0.00'],
  ])('formatFigureFixed(%p) is %p', (value, expected) => {
    expect(formatFigureFixed(value)).toBe(expected);
  });

  it.each([
    [0.42, '0.42'],
    [1, '1.00'],
    [12.3, '12.30'],
  ])('formatLoadAverage(%p) is %p', (load, expected) => {
    expect(formatLoadAverage(load)).toBe(expected);
  });

  it.each([
    [2331897.4, '2,331,897'],
    [999.5, '1,000'],
    [-120.2, '−120'],
    [-0.3, '0'],
    [0, '0'],
  ])('formatCount(%p) is %p', (value, expected) => {
    expect(formatCount(value)).toBe(expected);
  });

  it.each([
    [3595.4, '+3,595'],
    [-1234567, '−1,234,567'],
    [0.4, '0'],
    [-0.4, '0'],
  ])('formatSignedCount(%p) is %p', (value, expected) => {
    expect(formatSignedCount(value)).toBe(expected);
  });

  it.each([
    [2331897.4, '2,331,897'],
    [-120, '-120'],
    [-0.3, '-0'],
    [0, '0'],
  ])('formatCountPlain(%p) is %p', (value, expected) => {
    expect(formatCountPlain(value)).toBe(expected);
  });

  it.each([
    [3595.4, '+3,595'],
    [-1234567, '-1,234,567'],
    [0.4, '0'],
    [-0.4, '-0'],
  ])('formatSignedCountPlain(%p) is %p', (value, expected) => {
    expect(formatSignedCountPlain(value)).toBe(expected);
  });

  it.each([
    [0, '0s'],
    [42.4, '42s'],
    [59.6, '1m00s'],
    [65, '1m05s'],
    [3725, '1h02m'],
    [7380, '2h03m'],
    [-5, '0s'],
  ])('formatDuration(%p) is %p', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([
    [25_123_456_789, '23.4 GiB'],
    [2 ** 30, '1.0 GiB'],
    [0, '0.0 GiB'],
  ])('formatGiB(%p) is %p', (bytes, expected) => {
    expect(formatGiB(bytes)).toBe(expected);
  });

  it.each([
    [0.019, '0.019'],
    [0.006, '0.0060'],
    [0.67, '0.67'],
    [1, '1.0'],
    [0.0000123, '0.000012'],
  ])('formatPValue(%p) is %p', (p, expected) => {
    expect(formatPValue(p)).toBe(expected);
  });
});
