// The pull-request comment: GitHub-flavoured markdown whose first lines say whether the change
// made the server slower, followed by the evidence. Pure and free of clocks, so the same input
// gives the same text (snapshot-tested, and an unchanged comment need not be re-posted).
//
// Everything quoted from results or servers goes through markdown.ts: a pull request controls
// its server's variables and the names in its results, and must not be able to inject markup.
import { inliningNote } from '../compare/function-deltas.js';
import { type MetricName } from '../compare/metrics.js';
import { foldConfigDiff } from '../compare/verdict-summary.js';
import type {
  CellComparison,
  CellFunctionDeltas,
  ConfigDifference,
  Verdict,
} from '../compare/verdict-schema.js';
import { type Environment, FLAVOR_NAMES } from '../results/results-schema.js';
import type { ReportInput } from './report-input.js';
import {
  codeSpan,
  escapeHtml,
  escapeMarkdown,
  escapeTableCell,
  markdownUrl,
  tableDelimiter,
  tableRow,
} from './markdown.js';

/** GitHub rejects a comment body longer than this many characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface CommentChart {
  readonly name: string;
  readonly title: string;
  /** Where the rendered image was published; null when it could not be. */
  readonly url: string | null;
}

export interface CommentOptions {
  readonly charts: readonly CommentChart[];
  /** The hidden first line by which the comment is found again and updated (see commentMarker). */
  readonly marker: string;
  /**
   * Shown instead of the charts whose images could not be published: where to find them. Markdown
   * written by the caller (a link to the run, say), so it is not escaped.
   */
  readonly artifactNote?: string;
  /** Longest comment allowed, in UTF-16 code units (never fewer than GitHub's characters). */
  readonly maxLength?: number;
}

/** The hidden first line of the comment for `suite`: one comment per suite and pull request. */
export function commentMarker(suite: string): string {
  // encodeURIComponent encodes '<' and '>', so no suite name can close the HTML comment early.
  return `<!-- mysql-perf-gate:suite=${encodeURIComponent(suite)} -->`;
}

// ---- Figures, shared with the HTML report ----

const MINUS = '\u2212';

/** A fraction as a signed percentage with one decimal: "+8.4%", "−15.0%", "0.0%". */
export function formatPercent(fraction: number): string {
  const size = Math.abs(fraction * 100).toFixed(1);
  if (size === '0.0') return '0.0%';
  return `${fraction > 0 ? '+' : MINUS}${size}%`;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A measured value with the precision that matters: 105,681 · 2.48 · 0.060. */
export function formatFigure(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? MINUS : '';
  const size = Math.abs(value);
  if (size >= 100) return sign + groupThousands(size.toFixed(0));
  if (size >= 1) return sign + size.toFixed(2);
  if (size === 0) return '0';
  return sign + size.toPrecision(2);
}

/** A signed whole number with thousands separators: "+3,595". */
function formatDelta(value: number): string {
  const rounded = Math.round(value);
  if (rounded === 0) return '0';
  return `${rounded > 0 ? '+' : MINUS}${groupThousands(String(Math.abs(rounded)))}`;
}

/** A whole count with thousands separators: "2,331,897". */
function formatCount(value: number): string {
  const rounded = Math.round(value);
  return `${rounded < 0 ? MINUS : ''}${groupThousands(String(Math.abs(rounded)))}`;
}

/** A tolerance as a percentage without trailing zeros: "5%", "2.5%". */
export function formatTolerance(threshold: number): string {
  return `${Number((threshold * 100).toFixed(1))}%`;
}

/** The change with its confidence interval: "−15.0% [−26.4%, −1.9%]". */
export function formatChange(cell: CellComparison): string {
  const { low, high } = cell.changeInterval;
  return `${formatPercent(cell.change)} [${formatPercent(low)}, ${formatPercent(high)}]`;
}

/** A metric's name in a table: short, with its unit. */
export function metricLabel(metric: MetricName, percentile: number): string {
  switch (metric) {
    case 'tps':
      return 'throughput (tps)';
    case 'latencyMs':
      return `latency p${percentile} (ms)`;
    case 'instructions':
      return 'instructions/txn';
    case 'instructionsTotal':
      return 'instructions/txn, all threads';
    case 'cpuTimeUs':
      return 'CPU time (µs/txn)';
    case 'hwInstructions':
      return 'HW instructions/txn';
  }
}

/** "MariaDB 10.11.19-MariaDB-0+deb12u1, compiler unknown" (raw text: escape it where it goes). */
export function serverLabel(side: Verdict['sides']['base']): string {
  const compiler = side.compiler.known ? side.compiler.name : 'compiler unknown';
  const build = side.build
    ? `; built here with ${side.build.compiler}, ${side.build.buildType}${side.build.sourceCommit ? ` at ${side.build.sourceCommit.slice(0, 12)}` : ''}`
    : '';
  return `${FLAVOR_NAMES[side.flavor]} ${side.versionFunction}, ${compiler}${build}`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function threadsLabel(threads: number): string {
  return plural(threads, 'thread', 'threads');
}

/** Server-diff names as a reader knows them (config-diff.ts names them after the facts). */
function serverDiffLabel(name: string): string {
  switch (name) {
    case 'flavor':
      return 'server flavor';
    case 'version':
      return 'server version';
    default:
      return name;
  }
}

/** The one-line machine description (raw text). */
export function environmentLabel(env: Environment): string {
  const cores =
    env.physicalCores === null
      ? plural(env.logicalCores, 'logical core', 'logical cores')
      : `${plural(env.logicalCores, 'logical core', 'logical cores')} (${env.physicalCores} physical, SMT ${
          env.smt === null ? 'unknown' : env.smt ? 'on' : 'off'
        })`;
  const load = (values: readonly number[]): string => (values[0] ?? 0).toFixed(2);
  return [
    env.cpuModel,
    cores,
    env.governor === null ? 'no frequency governor exposed' : `governor ${env.governor}`,
    env.virtualized ? 'virtual machine' : 'bare metal',
    `load average ${load(env.loadAverageBefore)} before the run, ${load(env.loadAverageAfter)} after`,
    `${env.os}, kernel ${env.kernel}`,
    `sysbench ${env.sysbenchVersion}`,
  ].join(' · ');
}

// ---- Blocks, and shortening them to fit ----

/**
 * The comment is a list of blocks so that it can be shortened: folded details are dropped first
 * (a reader has to click to see them anyway), then rows are cut from the longest tables and lists,
 * and only then is the end cut off.
 */
type Block =
  | { readonly kind: 'text'; readonly text: string }
  /** Where the note on what was cut goes, when something was. */
  | { readonly kind: 'cut-note' }
  | { readonly kind: 'details'; readonly what: string; readonly text: string }
  | {
      readonly kind: 'rows';
      /** What the rows are, for the cut note (markdown). */
      readonly what: string;
      /** Heading and, for a table, its header and delimiter rows. */
      readonly lead: string;
      readonly rows: readonly string[];
    };

interface Shortening {
  /** Indices of the details blocks left out. */
  readonly dropped: ReadonlySet<number>;
  /** Rows kept per table or list. */
  readonly rowLimit: number;
  /** Whether the end of the comment is cut off as well. */
  readonly endCut: boolean;
}

const FULL: Shortening = { dropped: new Set(), rowLimit: Number.POSITIVE_INFINITY, endCut: false };

/** Sections named in the cut note before the rest are only counted. */
const CUT_NOTE_SECTIONS = 3;

function cutNote(blocks: readonly Block[], shortening: Shortening, maxLength: number): string {
  const left: string[] = [];
  const droppedWhat = [
    ...new Set(
      blocks.flatMap((block, index) =>
        block.kind === 'details' && shortening.dropped.has(index) ? [block.what] : [],
      ),
    ),
  ];
  if (droppedWhat.length > 0) left.push(`the folded sections (${droppedWhat.join('; ')})`);
  const cut = blocks.flatMap((block) =>
    block.kind === 'rows' && block.rows.length > shortening.rowLimit ? [block] : [],
  );
  if (cut.length > 0) {
    const named = cut
      .slice(0, CUT_NOTE_SECTIONS)
      .map(
        (block) =>
          `${block.what} (${formatCount(Math.min(block.rows.length, shortening.rowLimit))} of ${formatCount(block.rows.length)} shown)`,
      );
    const more = cut.length - named.length;
    left.push(
      `rows of ${named.join(', ')}${more > 0 ? ` and of ${plural(more, 'more section', 'more sections')}` : ''}`,
    );
  }
  if (shortening.endCut) left.push('the end of the comment');
  if (left.length === 0) return '';
  return (
    `> ✂️ **Shortened to fit the ${groupThousands(String(maxLength))}-character limit of a comment.** ` +
    `Left out: ${left.join('; ')}. The full report is \`report.html\` in the \`report\` artifact of this workflow run.`
  );
}

function renderBlocks(blocks: readonly Block[], shortening: Shortening, maxLength: number): string {
  const parts = blocks.map((block, index): string => {
    switch (block.kind) {
      case 'text':
        return block.text;
      case 'cut-note':
        return cutNote(blocks, shortening, maxLength);
      case 'details':
        return shortening.dropped.has(index) ? '' : block.text;
      case 'rows': {
        const kept = block.rows.slice(0, shortening.rowLimit);
        const body = [block.lead, ...kept].filter((line) => line !== '').join('\n');
        const missing = block.rows.length - kept.length;
        // A blank line first: a line right below a table would become one of its rows.
        return missing > 0
          ? `${body}\n\n*… ${formatCount(missing)} more ${missing === 1 ? 'row' : 'rows'} left out to fit; the full report has them.*`
          : body;
      }
    }
  });
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}

/** The last resort: cuts the end off the shortest comment the blocks allow, at a line boundary. */
function cutEnd(text: string, maxLength: number): string {
  const tail = '\n\n*… cut here to fit.*\n';
  const budget = maxLength - tail.length;
  if (budget <= 0) return text.slice(0, maxLength);
  const lineEnd = text.lastIndexOf('\n', budget);
  return `${text.slice(0, lineEnd > 0 ? lineEnd : budget)}${tail}`;
}

function shorten(blocks: readonly Block[], maxLength: number): string {
  const render = (shortening: Shortening): string => renderBlocks(blocks, shortening, maxLength);
  const full = render(FULL);
  if (full.length <= maxLength) return full;
  // Folded details first, the last (least important) first.
  const dropped = new Set<number>();
  for (let index = blocks.length - 1; index >= 0; index--) {
    if (blocks[index]?.kind !== 'details') continue;
    dropped.add(index);
    const text = render({ ...FULL, dropped });
    if (text.length <= maxLength) return text;
  }
  // Then the same row limit for every table and list, as high as fits: the longest (a config
  // diff of hundreds of variables) is cut, the short per-workload tables stay whole.
  const longest = Math.max(0, ...blocks.map((block) => (block.kind === 'rows' ? block.rows.length : 0)));
  let fits = -1;
  let tooLong = longest;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (render({ dropped, rowLimit: middle, endCut: false }).length <= maxLength) fits = middle;
    else tooLong = middle;
  }
  if (fits >= 0) return render({ dropped, rowLimit: fits, endCut: false });
  return cutEnd(render({ dropped, rowLimit: 0, endCut: true }), maxLength);
}

// ---- Sections ----

function verdictText(cell: CellComparison): string {
  if (!cell.gating) return cell.verdict;
  switch (cell.verdict) {
    case 'regression':
      return '**❌ regression**';
    case 'improvement':
      return '✅ improvement';
    case 'unchanged':
      return 'unchanged';
    case 'inconclusive':
      return '⚠️ inconclusive';
  }
}

/** "❌ Performance: fail — 4 regressions" (raw text). */
export function verdictTitle(verdict: Verdict): string {
  const { counts } = verdict;
  switch (verdict.verdict) {
    case 'pass':
      return '✅ Performance: pass — no regression found';
    case 'fail':
      return `❌ Performance: fail — ${plural(counts.regression, 'regression', 'regressions')}`;
    case 'inconclusive':
      return `⚠️ Performance: inconclusive — ${plural(counts.inconclusive, 'cell', 'cells')} too noisy to decide`;
  }
}

/**
 * What an inconclusive gating cell means, for the warnings (raw text); null when there is none.
 * An inconclusive verdict counts as a pass by default, which must not read as a clean bill.
 */
export function noiseWarning(verdict: Verdict): { readonly lead: string; readonly detail: string } | null {
  const gating = verdict.cells.filter((cell) => cell.gating);
  const inconclusive = gating.filter((cell) => cell.verdict === 'inconclusive');
  if (inconclusive.length === 0) return null;
  const needed = Math.max(0, ...inconclusive.map((cell) => cell.repetitionsNeeded ?? 0));
  return {
    lead: `${inconclusive.length} of ${plural(gating.length, 'gating cell is', 'gating cells are')} inconclusive:`,
    detail:
      'their repetitions vary too much to tell a change the size of the tolerance from noise, so they neither ' +
      'show nor rule out a slowdown. ' +
      (needed > 0 ? `More repetitions (up to ${needed} per side, see the reasons), ` : 'More repetitions, ') +
      'a quieter machine or a larger tolerance would decide them.',
  };
}

function headline(input: ReportInput, marker: string): string {
  const { verdict } = input;
  const { counts } = verdict;
  const gating = verdict.cells.filter((cell) => cell.gating);
  const title = verdictTitle(verdict);
  const bold = (count: number, text: string): string => (count > 0 ? `**${text}**` : text);
  const gatingMetrics = [...new Set(gating.map((cell) => cell.metric))].map((metric) =>
    metricLabel(metric, input.suite.percentile),
  );
  const judged =
    gating.length > 0
      ? `${plural(gating.length, 'cell', 'cells')} judged on ${escapeMarkdown(gatingMetrics.join(', '))}`
      : 'no cell judged on a gating metric';
  const tally =
    `Suite ${codeSpan(verdict.suite)}, ${judged}: ` +
    [
      bold(counts.regression, plural(counts.regression, 'regression', 'regressions')),
      bold(counts.improvement, plural(counts.improvement, 'improvement', 'improvements')),
      `${counts.unchanged} unchanged`,
      bold(counts.inconclusive, `${counts.inconclusive} inconclusive`),
    ].join(' · ') +
    '.' +
    (verdict.verdict === 'inconclusive'
      ? ` Inconclusive counts as **${verdict.settings.inconclusivePolicy}** here.`
      : '');
  const source = verdict.baseSource;
  const newest = input.history.at(-1);
  const baseOrigin =
    source.kind === 'ab'
      ? 'the base side of this A/B run'
      : `stored baseline ${codeSpan(source.path)}` +
        (source.savedAt === null ? '' : `, saved ${escapeMarkdown(source.savedAt)}`) +
        (newest?.commit === undefined ? '' : `, commit ${codeSpan(newest.commit)}`);
  const same =
    verdict.configDiff.length === 0 && verdict.serverDiff.length === 0
      ? '\n\nServer variables, version and compiler are the same on both sides (volatile ones such as paths and ports aside).'
      : '';
  return (
    `${marker}\n## ${title}\n\n${tally}\n\n` +
    `- **Base:** ${escapeMarkdown(serverLabel(verdict.sides.base))} (${baseOrigin})\n` +
    `- **Head:** ${escapeMarkdown(serverLabel(verdict.sides.head))}` +
    same
  );
}

function absentOr(value: string | null): string {
  return value === null ? '*(absent)*' : escapeTableCell(value);
}

function diffRow(name: string, entry: ConfigDifference): string {
  return tableRow([name, absentOr(entry.base), absentOr(entry.head)]);
}

const DIFF_LEAD = `${tableRow(['setting', 'base', 'head'])}\n${tableDelimiter(['l', 'l', 'l'])}`;

/** Config and server differences: visible, because a changed default explains many "regressions". */
function differenceBlocks(verdict: Verdict): Block[] {
  if (verdict.configDiff.length === 0 && verdict.serverDiff.length === 0) return [];
  const changed = verdict.cells.some(
    (cell) => cell.verdict === 'regression' || cell.verdict === 'improvement',
  );
  const folded = foldConfigDiff(verdict.configDiff);
  const rows = [
    ...verdict.serverDiff.map((entry) =>
      diffRow(`**${escapeTableCell(serverDiffLabel(entry.name))}**`, entry),
    ),
    ...folded.map(({ entry, followers }) =>
      diffRow(
        escapeTableCell(entry.name) +
          (followers > 0 ? ` (and ${followers} ${escapeTableCell(`${entry.name}_*`)} that follow it)` : ''),
        entry,
      ),
    ),
  ];
  const blocks: Block[] = [
    {
      kind: 'text',
      text:
        '### What else differs between the sides\n\n' +
        (changed
          ? 'Besides the code, these differ; they may explain the changes below.'
          : 'Besides the code, these differ.'),
    },
    { kind: 'rows', what: 'the differences between the sides', lead: DIFF_LEAD, rows },
  ];
  for (const { entry, followers } of folded) {
    if (followers === 0) continue;
    const list = verdict.configDiff.filter((other) => other.name.startsWith(`${entry.name}_`));
    blocks.push({
      kind: 'details',
      what: 'the variables that follow a changed one',
      text: details(
        `The ${followers} ${entry.name}_* variables that follow ${entry.name}`,
        [DIFF_LEAD, ...list.map((other) => diffRow(escapeTableCell(other.name), other))].join('\n'),
      ),
    });
  }
  return blocks;
}

/** A folded section; the summary is HTML, where GitHub renders no markdown. */
function details(summary: string, body: string): string {
  return `<details><summary>${escapeHtml(summary.replace(/\s+/g, ' '))}</summary>\n\n${body}\n\n</details>`;
}

function inOrder<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return [...groups];
}

/** Header of a results table: threads, metric, both medians, change, verdict, tolerance. */
function resultLead(withWorkload: boolean): string {
  const columns: [string, 'l' | 'r'][] = [
    ...(withWorkload ? [['workload', 'l'] as [string, 'l']] : []),
    ['threads', 'r'],
    ['metric', 'l'],
    ['base median', 'r'],
    ['head median', 'r'],
    ['change [interval]', 'r'],
    ['verdict', 'l'],
    ['tolerance', 'r'],
  ];
  return `${tableRow(columns.map(([name]) => name))}\n${tableDelimiter(columns.map(([, align]) => align))}`;
}

const RESULT_LEAD = resultLead(false);

/** One table per workload of the gating cells, with why each undecided or changed cell is so. */
function resultBlocks(input: ReportInput): Block[] {
  const { verdict } = input;
  const gating = verdict.cells.filter((cell) => cell.gating);
  const confidence = Math.round(verdict.settings.confidence * 100);
  const blocks: Block[] = [
    {
      kind: 'text',
      text:
        gating.length === 0
          ? '### Results\n\nNo cell was judged on a gating metric (see the warnings).'
          : `### Results\n\nMedians of each side's repetitions; change = head ÷ base − 1, with its ${confidence}% interval.`,
    },
  ];
  for (const [workload, cells] of inOrder(gating, (cell) => cell.workload)) {
    const name = escapeMarkdown(workload);
    blocks.push({
      kind: 'rows',
      what: `the results of ${name}`,
      lead: `#### ${name}\n\n${RESULT_LEAD}`,
      rows: cells.map((cell) =>
        tableRow([
          String(cell.threads),
          metricLabel(cell.metric, input.suite.percentile),
          formatFigure(cell.base.median),
          formatFigure(cell.head.median),
          formatChange(cell),
          verdictText(cell),
          formatTolerance(cell.threshold),
        ]),
      ),
    });
    const explained = cells.filter((cell) => cell.verdict !== 'unchanged');
    // The metric only where the table has several.
    const oneMetric = new Set(cells.map((cell) => cell.metric)).size === 1;
    if (explained.length > 0) {
      blocks.push({
        kind: 'rows',
        what: `the reasons for ${name}`,
        lead: '',
        rows: explained.map(
          (cell) =>
            `- ${threadsLabel(cell.threads)}` +
            `${oneMetric ? '' : `, ${metricLabel(cell.metric, input.suite.percentile)}`}: ` +
            escapeMarkdown(cell.reason),
        ),
      });
    }
  }
  return blocks;
}

/** Metrics reported beside the gating ones (latency, CPU time, all-thread instructions). */
function otherMetricsBlock(input: ReportInput): Block[] {
  const cells = input.verdict.cells.filter((cell) => !cell.gating);
  if (cells.length === 0) return [];
  const metrics = [...new Set(cells.map((cell) => metricLabel(cell.metric, input.suite.percentile)))];
  const count = (kind: CellComparison['verdict']): number =>
    cells.filter((cell) => cell.verdict === kind).length;
  const notable = [
    plural(count('regression'), 'regression', 'regressions'),
    plural(count('improvement'), 'improvement', 'improvements'),
    `${count('inconclusive')} inconclusive`,
  ].filter((text) => !text.startsWith('0 '));
  const lead = resultLead(true);
  const rows = cells.map((cell) =>
    tableRow([
      escapeTableCell(cell.workload),
      String(cell.threads),
      metricLabel(cell.metric, input.suite.percentile),
      formatFigure(cell.base.median),
      formatFigure(cell.head.median),
      formatChange(cell),
      verdictText(cell),
      formatTolerance(cell.threshold),
    ]),
  );
  return [
    {
      kind: 'details',
      what: 'other metrics',
      text: details(
        `Other metrics, reported but not gating: ${metrics.join(', ')} (${plural(cells.length, 'cell', 'cells')}` +
          `${notable.length > 0 ? `: ${notable.join(', ')}` : ', all unchanged'})`,
        [lead, ...rows].join('\n'),
      ),
    },
  ];
}

/** Functions listed per cell (verdict.json has up to 15). */
const COMMENT_FUNCTIONS = 10;

function functionBlock(cell: CellFunctionDeltas, inlining: string | undefined): Block {
  const lead = `${tableRow(['change', 'base', 'head', 'function', 'object'])}\n${tableDelimiter([
    'r',
    'r',
    'r',
    'l',
    'l',
  ])}`;
  const shown = cell.functions.slice(0, COMMENT_FUNCTIONS);
  const rows = shown.map((fn) =>
    tableRow([
      formatDelta(fn.delta),
      formatCount(fn.base),
      formatCount(fn.head),
      escapeTableCell(fn.name),
      escapeTableCell(fn.object.slice(fn.object.lastIndexOf('/') + 1)),
    ]),
  );
  const unnamed = shown.some((fn) => /^0x[0-9a-f]+$/i.test(fn.name))
    ? "\n\n0x… entries are code without a symbol: the binary is stripped. A build with symbols (or the distribution's debug-symbol package) names them."
    : '';
  const total = formatDelta(cell.headTotal - cell.baseTotal);
  return {
    kind: 'details',
    what: 'where the instructions went',
    text: details(
      `Where the instructions went: ${cell.workload} @ ${threadsLabel(cell.threads)}` +
        `${cell.verdict === null ? '' : ` (${cell.verdict})`}: ${total} instructions per transaction, all threads ` +
        `(${formatCount(cell.baseTotal)} → ${formatCount(cell.headTotal)})`,
      `Self instructions per transaction, largest changes first.\n\n${[lead, ...rows].join('\n')}${unnamed}` +
        (inlining ? `\n\n${escapeMarkdown(inlining)}` : ''),
    ),
  };
}

function warningBlocks(verdict: Verdict): Block[] {
  const rows: string[] = [];
  const noise = noiseWarning(verdict);
  if (noise) rows.push(`- **${noise.lead}** ${noise.detail}`);
  rows.push(...verdict.warnings.map((warning) => `- ${escapeMarkdown(warning)}`));
  if (rows.length === 0) return [];
  return [{ kind: 'rows', what: 'the warnings', lead: '### ⚠️ Warnings', rows }];
}

function environmentBlock(input: ReportInput): Block {
  const base = environmentLabel(input.base.environment);
  const head = environmentLabel(input.head.environment);
  return {
    kind: 'text',
    text:
      base === head
        ? `**Machine:** ${escapeMarkdown(head)}`
        : `- **Base machine:** ${escapeMarkdown(base)}\n- **Head machine:** ${escapeMarkdown(head)}`,
  };
}

function chartBlocks(options: CommentOptions): Block[] {
  if (options.charts.length === 0) return [];
  const images = options.charts.flatMap((chart) =>
    chart.url === null ? [] : [`![${escapeMarkdown(chart.title)}](${markdownUrl(chart.url)})`],
  );
  const missing = options.charts.some((chart) => chart.url === null);
  const parts = [...images];
  if (missing && options.artifactNote !== undefined) parts.push(options.artifactNote);
  if (parts.length === 0) return [];
  return [{ kind: 'text', text: `### Charts\n\n${parts.join('\n\n')}` }];
}

function footer(verdict: Verdict): string {
  return (
    '<sub>A regression is worse than its tolerance and significant (one-sided Mann-Whitney U, ' +
    `Benjamini-Hochberg adjusted per metric, α = ${verdict.settings.alpha}); "counts" cells are instruction ` +
    'counts whose repetitions agree closely, judged on the change itself. The full report (every metric, ' +
    'min–max, noise, p-values, charts) is `report.html` in the `report` artifact of this workflow run.</sub>'
  );
}

/** The pull-request comment for `input`, at most `maxLength` characters. */
export function renderComment(input: ReportInput, options: CommentOptions): string {
  const maxLength = options.maxLength ?? GITHUB_COMMENT_LIMIT;
  const blocks: Block[] = [
    { kind: 'text', text: headline(input, options.marker) },
    { kind: 'cut-note' },
    ...differenceBlocks(input.verdict),
    ...resultBlocks(input),
    ...otherMetricsBlock(input),
    ...input.verdict.functionDeltas.map((cell) => functionBlock(cell, inliningNote(input.verdict))),
    ...warningBlocks(input.verdict),
    environmentBlock(input),
    ...chartBlocks(options),
    { kind: 'text', text: footer(input.verdict) },
  ];
  return shorten(blocks, maxLength);
}
