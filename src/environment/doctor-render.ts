// The runner check as the terminal shows it: one block per finding (status, name, value; what it
// costs and the fix when it is not ok), then the grade on one line. Pure.
import { gradeLine } from './doctor-grade.js';
import type { DoctorReport, Finding } from './doctor-schema.js';
import type { TuneStep } from './doctor-tuning.js';

const NAME_WIDTH = 30;

function findingLines(item: Finding): string[] {
  const lines = [`${item.status.padEnd(7)} ${item.name.padEnd(NAME_WIDTH)} ${item.value}`];
  if (item.cost !== '') lines.push(`${' '.repeat(8)}costs: ${item.cost}`);
  if (item.fix !== null)
    lines.push(`${' '.repeat(8)}fix:   ${item.fix}${item.tunable ? '  (doctor --tune does it)' : ''}`);
  return lines;
}

export function renderDoctorText(report: DoctorReport): string {
  return [
    `runner check of ${report.hostname} (${report.checkedAt})`,
    '',
    ...report.findings.flatMap(findingLines),
    '',
    gradeLine(report.grade),
  ].join('\n');
}

/** What --tune wrote, one line per file. */
export function renderTuneSteps(steps: readonly TuneStep[], root: string): string[] {
  return steps.map(
    (step) => `${step.finding}: ${root === '/' ? '/' : `${root}/`}${step.file}: ${step.from} → ${step.to}`,
  );
}
