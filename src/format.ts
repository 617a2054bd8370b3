// How numbers, percentages, durations and plurals are written in everything a reader sees: the
// terminal summaries, the pull-request comment, the HTML report and the chart labels. Pure.
//
// Two families of rules, on purpose:
//   - the comment and the HTML report use the typographic minus (U+2212), which is as wide as
//     "+" in proportional fonts, so signed columns line up;
//   - terminal output and chart labels use the ASCII hyphen-minus, which every terminal and font
//     has and which a reader can type back into a search.
// A change is always head ÷ base − 1, given as a fraction (0.084 is 8.4%); a positive change means
// head's number is larger, whether that is better or worse depends on the metric.

/** U+2212, the typographic minus of the comment and the HTML report. */
export const MINUS_SIGN = '\u2212';

/** "1 thread", "2 threads", "0 threads": the count, then the word that agrees with it. */
export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Commas between groups of three digits of a decimal string: "2331897" → "2,331,897". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

// ---- Changes: head ÷ base − 1, signed ----

/**
 * A change as a signed percentage with one decimal, for the comment and the HTML report: "+8.4%",
 * "−15.0%" (U+2212), and "0.0%" without a sign when it rounds to zero (it is neither).
 */
export function formatChangePercent(fraction: number): string {
  const size = Math.abs(fraction * 100).toFixed(1);
  if (size === '0.0') return '0.0%';
  return `${fraction > 0 ? '+' : MINUS_SIGN}${size}%`;
}

/**
 * A change as a signed percentage with one decimal, for a terminal: "+8.4%", "-15.0%" (ASCII).
 * The sign is the unrounded change's, so a change too small to show reads "+0.0%" or "-0.0%" and
 * only no change at all reads "0.0%".
 */
export function formatChangePercentPlain(fraction: number): string {
  const sign = fraction > 0 ? '+' : '';
  return `${sign}${(fraction * 100).toFixed(1)}%`;
}

/**
 * A change as a signed percentage with one decimal, for a chart label: "+8.4%", "-15.0%"
 * (ASCII); a change that rounds to zero reads "+0.0%", never "-0.0%".
 */
export function formatChangePercentLabel(fraction: number): string {
  const percent = (fraction * 100).toFixed(1);
  return Number(percent) < 0 ? `${percent}%` : `+${percent.replace('-', '')}%`;
}

// ---- Unsigned percentages ----

/** A fraction as a percentage with `decimals` decimals and no "+": "12.3%" (CV), "0.42%" (spread). */
export function formatPercent(fraction: number, decimals = 1): string {
  return `${(fraction * 100).toFixed(decimals)}%`;
}

/**
 * A fraction as a percentage with one decimal, or two below 1% so that a small but real value
 * (a 0.04% spread of instruction counts) does not read as "0.0%": "5.0%", "0.04%", "0.0%".
 */
export function formatPercentFine(fraction: number): string {
  return formatPercent(fraction, fraction !== 0 && Math.abs(fraction) < 0.01 ? 2 : 1);
}

/** A tolerance, for the comment and the HTML report: at most one decimal, none trailing: "5%", "2.5%". */
export function formatTolerance(threshold: number): string {
  return `${Number((threshold * 100).toFixed(1))}%`;
}

/** A tolerance rounded to a whole percentage, for a terminal: "5%"; 2.5% reads "3%". */
export function formatToleranceWhole(threshold: number): string {
  return `${(threshold * 100).toFixed(0)}%`;
}

// ---- Measured values ----

/**
 * A measured value with the precision that matters, for the comment and the HTML report: from
 * 100 a whole number with thousands separators (105,681), from 1 two decimals (2.48), below 1 two
 * significant digits (0.060); exactly zero is "0", a negative value takes U+2212, and NaN or an
 * infinity is written as JavaScript writes it.
 */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? MINUS_SIGN : '';
  const size = Math.abs(value);
  if (size >= 100) return sign + groupThousands(size.toFixed(0));
  if (size >= 1) return sign + size.toFixed(2);
  if (size === 0) return '0';
  return sign + size.toPrecision(2);
}

/**
 * A non-negative measured value for a terminal table, where columns are narrow: from 100 a whole
 * number without separators (105681), from 1 two decimals (2.48), below 1 two significant digits
 * (0.060, and zero "0.0"). A negative value always takes the two significant digits ("-5.0").
 */
export function formatFigurePlain(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 1) return value.toFixed(2);
  return value.toPrecision(2);
}

/**
 * A measured value for a terminal listing of repetitions: from 100 a whole number without
 * separators (105681), below it two decimals (2.48, 0.06), so that a column's digits line up.
 */
export function formatFigureFixed(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

/** A load average as the kernel reports it, with two decimals: "0.42". */
export function formatLoadAverage(load: number): string {
  return load.toFixed(2);
}

/** Memory in GiB with one decimal: "23.4 GiB". */
export function formatGiB(bytes: number): string {
  return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
}

/** A size in MiB with one decimal: "45.3 MiB". */
export function formatMiB(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

/** A p-value to two significant digits: "0.019", "0.0060", "0.000012". */
export function formatPValue(p: number): string {
  return p.toPrecision(2);
}

// ---- Counts (instructions per transaction) ----

/** A count rounded to a whole number with thousands separators, U+2212 if negative: "2,331,897". */
export function formatCount(value: number): string {
  const rounded = Math.round(value);
  return `${rounded < 0 ? MINUS_SIGN : ''}${groupThousands(String(Math.abs(rounded)))}`;
}

/** A change of a count, rounded, signed, with thousands separators: "+3,595", "−120", "0". */
export function formatSignedCount(value: number): string {
  const rounded = Math.round(value);
  if (rounded === 0) return '0';
  return `${rounded > 0 ? '+' : MINUS_SIGN}${formatCount(Math.abs(rounded))}`;
}

/**
 * A count rounded to a whole number with thousands separators, for a terminal: "2,331,897",
 * "-120" (ASCII). A negative value that rounds to zero keeps its sign ("-0"), as en-US writes it.
 */
export function formatCountPlain(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** A change of a count for a terminal: "+3,595", "-120", "0" (the sign is the rounded value's). */
export function formatSignedCountPlain(value: number): string {
  const rounded = Math.round(value);
  return `${rounded > 0 ? '+' : ''}${formatCountPlain(rounded)}`;
}

// ---- Durations ----

/**
 * A duration rounded to whole seconds, in its two largest units with the smaller one two digits
 * wide: "42s", "1m05s", "2h03m" (the seconds no longer matter then). Negative durations are "0s".
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m${String(s).padStart(2, '0')}s`;
  return `${s}s`;
}

// ---- Text ----

/**
 * A multi-line message (a schema's list of issues, a tool's output) as one line without control
 * characters, at most `limit` long: "x is not valid: a: bad; b: worse".
 */
export function foldLines(message: string, limit: number): string {
  const [first = '', ...rest] = message
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const issues = rest.map((line) => line.replace(/^- /, ''));
  const flat = [first, issues.join('; ')]
    .filter((part) => part !== '')
    .join(' ')
    .replace(/\p{Cc}/gu, ' ');
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}
