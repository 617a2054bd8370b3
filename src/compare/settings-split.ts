// Settings against code: a run with an aligned head (run --align-settings) measured the head's
// server a second time with the base's values of the settings known to change the work. Each
// gating cell's change then splits in two, each judged as the verdict judges base and head:
//   settings = head against the aligned head (same binary, the settings differ),
//   code     = the aligned head against the base (the settings the same, the binaries differ).
// (1 + settings) × (1 + code) = 1 + the whole change. Pure.
import { settingsNotTaken } from '../results/align-settings.js';
import type { AlignmentRecord, CellResult } from '../results/results-schema.js';
import { cellName, type Suite } from '../suite/suite-schema.js';
import type { CellComparison, SettingsSplit, SplitCell, SplitPart } from './verdict-schema.js';
import { type CompareOptions, judgePairs } from './verdict.js';

function part(cell: CellComparison): SplitPart {
  const { change, changeInterval, pValue, verdict, judgedBy, reason } = cell;
  return { change, changeInterval, pValue, verdict, judgedBy, reason };
}

const partKey = (cell: CellComparison): string => `${cellName(cell)} ${cell.metric}`;

/**
 * The split of every gating cell of `cells` (the verdict's, base against head): the aligned
 * head's cells judged against the head's (settings) and the base's (code).
 */
export function settingsSplit(
  alignment: AlignmentRecord,
  sides: { readonly base: readonly CellResult[]; readonly head: readonly CellResult[] },
  judged: {
    readonly cells: readonly CellComparison[];
    readonly suite: Suite;
    readonly options: CompareOptions;
  },
): SettingsSplit {
  const { suite, options } = judged;
  const measured = new Set(alignment.cells.map(cellName));
  // Cells the aligned head has (a run cut short has fewer): judged among themselves.
  const of = (cells: readonly CellResult[]) => cells.filter((cell) => measured.has(cellName(cell)));
  const settings = new Map(
    judgePairs(alignment.cells, of(sides.head), suite, options).map((cell) => [partKey(cell), cell]),
  );
  const code = new Map(
    judgePairs(of(sides.base), alignment.cells, suite, options).map((cell) => [partKey(cell), cell]),
  );
  const cells = judged.cells.flatMap((cell): SplitCell[] => {
    const bySettings = settings.get(partKey(cell));
    const byCode = code.get(partKey(cell));
    if (!cell.gating || bySettings === undefined || byCode === undefined) return [];
    const { workload, threads, variant, metric, change } = cell;
    return [
      {
        workload,
        threads,
        ...(variant === undefined ? {} : { variant }),
        metric,
        change,
        settings: part(bySettings),
        code: part(byCode),
      },
    ];
  });
  return {
    aligned: alignment.aligned.map(({ setting, head, base }) => ({ setting, head, base })),
    skipped: alignment.skipped.map(({ setting, why }) => ({ setting, why })),
    notTaken: settingsNotTaken(alignment),
    cells,
  };
}
