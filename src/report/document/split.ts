// Settings against code (run --align-settings): what the aligned head took from the base, what it
// could not, and each gating cell's change in its two parts, a sentence each:
// "oltp_write_only @ 1, instructions: +95.0% = settings +60.1% [+59.8%, +60.4%], a regression,
// and code +21.8% [+21.5%, +22.0%], a regression". Pure.
import type { SettingsSplit, SplitPart, Verdict } from '../../compare/verdict-schema.js';
import { verdictLabel } from '../../compare/verdict-schema.js';
import { formatChangePercent } from '../../format.js';
import { lacksVariable } from '../../results/align-settings.js';
import { cellTitle } from '../../suite/suite-schema.js';
import type { Split } from './model.js';

/** How every medium introduces the split. */
export const SPLIT_LEAD =
  "The head was measured a third time with the base's values of the settings known to change the work";

function partText(name: string, part: SplitPart): string {
  const { low, high } = part.changeInterval;
  return (
    `${name} ${formatChangePercent(part.change)} ` +
    `[${formatChangePercent(low)}, ${formatChangePercent(high)}], ${verdictLabel(part.verdict)}`
  );
}

/** One cell's change in its two parts. */
export function splitSentence(cell: SettingsSplit['cells'][number]): string {
  return (
    `${cellTitle(cell)}, ${cell.metric}: ${formatChangePercent(cell.change)} in all = ` +
    `${partText('settings', cell.settings)}; ${partText('code', cell.code)}`
  );
}

/** Values a server reported, without control characters (a terminal would act on them). */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- replacing control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** The settings one side has no variable for, in one note (two versions or flavors have many). */
function lackingNote(skipped: SettingsSplit['skipped']): string[] {
  const names = skipped.filter((setting) => lacksVariable(setting.why)).map((setting) => setting.setting);
  return names.length === 0
    ? []
    : [printable(`not aligned, one side has no such variable: ${names.join(', ')}`)];
}

/** The split section; null when the run measured no aligned head. */
export function splitOf(verdict: Verdict): Split | null {
  const split = verdict.split;
  if (split === undefined) return null;
  const aligned = split.aligned.map((setting) =>
    printable(`${setting.setting} ${setting.head} → ${setting.base}`),
  );
  return {
    aligned,
    notes: [
      ...lackingNote(split.skipped),
      ...split.skipped
        .filter((setting) => !lacksVariable(setting.why))
        .map((setting) => printable(`${setting.setting} not aligned: ${setting.why}`)),
      ...split.notTaken.map((line) => printable(`not taken by the head (counted as code): ${line}`)),
    ],
    sentences: split.cells.map(splitSentence),
  };
}
