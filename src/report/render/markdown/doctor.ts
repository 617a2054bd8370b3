// The runner check in the job summary: the grade, then every finding in a table (what it costs and
// the fix for those that are not ok). Every text is escaped: values quote the machine (process
// names, paths). Pure.
import { gradeLine } from '../../../environment/doctor-grade.js';
import type { DoctorReport, FindingStatus } from '../../../environment/doctor-schema.js';
import { escapeMarkdown, escapeTableCell, tableDelimiter, tableRow } from '../../markdown.js';

const STATUS_MARK: Record<FindingStatus, string> = {
  ok: '✅ ok',
  warn: '⚠️ warn',
  bad: '❌ bad',
  unknown: '❔ unknown',
};

export function renderDoctorMarkdown(report: DoctorReport, note?: string): string {
  const rows = report.findings.map((item) =>
    tableRow([
      STATUS_MARK[item.status],
      escapeTableCell(item.name),
      escapeTableCell(item.value),
      escapeTableCell(item.cost),
      item.fix === null ? '' : escapeTableCell(item.fix),
    ]),
  );
  return [
    `### Runner check: ${escapeMarkdown(gradeLine(report.grade))}`,
    '',
    ...(note === undefined ? [] : [escapeMarkdown(note), '']),
    tableRow(['status', 'item', 'value', 'what it costs', 'fix']),
    tableDelimiter(['l', 'l', 'l', 'l', 'l']),
    ...rows,
    '',
  ].join('\n');
}
