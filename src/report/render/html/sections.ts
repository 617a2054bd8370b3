// The page's sections on the cells and their context: what else differs between the sides, every
// cell's result, the latency distributions, the mix of TPC-C-like transactions, the warnings, the
// machines and a baseline's history.
import { pickCells } from '../../document/cells.js';
import { mixLead } from '../../document/mix.js';
import type {
  Differences,
  Latency,
  Machine,
  Method,
  Mix,
  NextSteps,
  ReportDocument,
  SettingRow,
  Warnings,
} from '../../document/model.js';
import { columnsTable, htmlCells, htmlTable, section, text, wholeTable } from './format.js';

/** A variable says how many follow it; they follow it indented. */
function settingCell(row: SettingRow): string {
  const [name = ''] = htmlCells(row.cells.setting);
  switch (row.role) {
    case 'server':
      return name;
    case 'variable':
      return `${name}${row.followers > 0 ? ` (and the ${row.followers} below, which follow it)` : ''}`;
    case 'follower':
      return `<span class="follower">${name}</span>`;
  }
}

export function differencesSection(differences: Differences): string {
  const title = 'What else differs between the sides';
  if (differences.same) {
    return section(
      title,
      '<p>Server variables, version and compiler are the same on both sides (volatile ones such as paths and ports aside).</p>',
    );
  }
  const { settings } = differences;
  const tables = differences.groups.map((group) => {
    const rows = group.rows.map((row) => [
      settingCell(row),
      ...htmlCells(row.cells.base),
      ...htmlCells(row.cells.head),
      ...(group.tier === null ? [] : htmlCells(row.cells.changes)),
    ]);
    // The servers have no line on what they change; the variables' tables share fixed columns, so
    // that a long value (optimizer_switch) wraps instead of squeezing the names.
    if (group.tier === null)
      return `<h3>${text(group.title)}</h3>\n${columnsTable(settings.columns.slice(0, 3), rows)}`;
    return `<h3>${text(group.title)}</h3>\n<div class="settings">${columnsTable(settings.columns, rows)}</div>`;
  });
  const table = tables.join('\n');
  const lists = differences.oneSided.map(
    (list) =>
      `<details class="one-sided"><summary>${text(list.headline)}</summary>\n${wholeTable(list.table)}\n</details>`,
  );
  return section(
    title,
    '<p>Besides the code, these differ; they may explain the changes.</p>\n' +
      table +
      lists.map((block) => `\n${block}`).join(''),
  );
}

export function resultsSection(results: ReportDocument['results'], method: Method): string {
  return section(
    'Results',
    `<p>Medians, ranges and robust coefficients of variation (CV) of each side's repetitions; ` +
      `${text(method.changeRule)}, with its ${method.confidence}% bootstrap interval; p: one-sided Mann-Whitney U that ` +
      `head is worse, Benjamini-Hochberg adjusted per metric (alpha ${text(String(method.alpha))}${text(method.spentOver)}); ` +
      '"counts": instruction counts whose repetitions agree closely, judged on the change itself. ' +
      `Gating metrics decide the verdict: ${text(method.gateMetrics.join(', '))}.</p>\n` +
      method.notes.map((note) => `<p>${text(note)}</p>\n`).join('') +
      wholeTable(results),
  );
}

export function latencySection(latency: Latency): string {
  if (latency.table.rows.length === 0) return '';
  return section(
    'Latency distributions',
    "<p>Every event of every repetition, pooled per side, from sysbench's latency histogram (buckets about 1.8% apart). " +
      'KS: the largest gap between the two distributions; its p-value comes from permuting whole repetitions between ' +
      "the sides, since one repetition's events are not independent of each other. Tail: the cell's p95 or p99, judged " +
      "on each repetition's own value like the other metrics, was called a regression or an improvement.</p>\n" +
      wholeTable(latency.table),
  );
}

export function mixSection(mix: Mix): string {
  if (mix.table.rows.length === 0) return '';
  return section('Mix of TPC-C-like transactions', `<p>${text(mixLead(mix))}</p>\n${wholeTable(mix.table)}`);
}

export function warningsSection(warnings: Warnings): string {
  const items: string[] = [];
  if (warnings.unjudged) {
    const cells = warnings.unjudged.items.map((item) => `<li>${text(item)}</li>`).join('\n');
    items.push(`<strong>${text(warnings.unjudged.lead)}</strong>\n<ul>\n${cells}\n</ul>`);
  }
  if (warnings.noise)
    items.push(`<strong>${text(warnings.noise.lead)}</strong> ${text(warnings.noise.detail)}`);
  items.push(...warnings.items.map(text));
  if (items.length === 0) return '';
  return section(
    'Warnings',
    `<ul class="warnings">\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`,
  );
}

/** Each field on both sides, or in one column when both ran on the same machine. */
export function machineSection(machine: Machine | null): string {
  if (machine === null) return '';
  const [field, base, head] = machine.table.columns;
  if (field === undefined || base === undefined || head === undefined) return '';
  const columns = machine.same ? [field, { ...head, header: 'both sides' }] : [field, base, head];
  const keys = columns.map((column) => column.key);
  return section(
    'Environment',
    htmlTable(
      columns,
      machine.table.rows.map((row) => pickCells(row, keys)),
    ),
  );
}

export function historySection(history: ReportDocument['history']): string {
  if (history.rows.length === 0) return '';
  return section('Baseline history (oldest first; the newest is the base)', wholeTable(history));
}

/** What next: the bisect command when a regression lies between two commits, then how to reproduce. */
export function nextSection(next: NextSteps): string {
  if (next.reproduce.length === 0) return '';
  const block = (lines: readonly string[]) => `<pre><code>${text(lines.join('\n'))}</code></pre>`;
  const notes =
    next.notes.length === 0
      ? ''
      : `\n<ul>${next.notes.map((note) => `<li>${text(note)}</li>`).join('')}</ul>`;
  const bisect =
    next.bisect === null
      ? ''
      : `<p>The regression lies between the two commits: find the commit, from a checkout of the server:</p>\n${block(next.bisect)}\n`;
  return section(
    'What next',
    `${bisect}<p>Reproduce this verdict on your machine, ${next.fromCheckout ? 'from a checkout of the server' : 'where both servers are at these paths'}:</p>\n${block(next.reproduce)}${notes}`,
  );
}
