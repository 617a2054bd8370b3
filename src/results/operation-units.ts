// What a cell's figures are per, in words: a client transaction, or an operational cell's own unit
// (a recovery, a start, an applied transaction: workload/operation-names.ts). Every figure "per
// transaction" of such a cell is per that unit (its report counts the units as transactions), so
// every table, sentence and chart that names the unit asks here. Pure.
import type { OperationUnit } from '../workload/operation-names.js';

export type { OperationUnit } from '../workload/operation-names.js';

/** "transaction", "recovery", "start", "applied transaction". */
export function unitNoun(per: OperationUnit | undefined): string {
  return per ?? 'transaction';
}

/** "per transaction", "per recovery", "per applied transaction". */
export function perUnit(per: OperationUnit | undefined): string {
  return `per ${unitNoun(per)}`;
}

/** The unit after a slash in a narrow label: "txn", "recovery", "start", "applied trx". */
export function unitShort(per: OperationUnit | undefined): string {
  return per === undefined ? 'txn' : per.replace('transaction', 'trx');
}

/** "instr/txn" → "instr/recovery": a label written per transaction, for a cell's own unit. */
export function perUnitLabel(label: string, per: OperationUnit | undefined): string {
  return per === undefined ? label : label.replace(/\btxn\b/g, unitShort(per));
}

/** Each unit once, in order: "per transaction", "per transaction or per recovery" (none: per transaction). */
export function perUnits(pers: Iterable<OperationUnit | undefined>): string {
  return inWords([...new Set([...pers].map(perUnit))], perUnit(undefined));
}

/** perUnitLabel for several cells' units: "instr/txn", "instr/txn or instr/recovery". */
export function perUnitsLabel(label: string, pers: Iterable<OperationUnit | undefined>): string {
  return inWords([...new Set([...pers].map((per) => perUnitLabel(label, per)))], label);
}

/** "a", "a or b", "a, b or c"; `none` for an empty list. */
function inWords(items: readonly string[], none: string): string {
  const last = items.at(-1);
  if (last === undefined) return none;
  return items.length === 1 ? last : `${items.slice(0, -1).join(', ')} or ${last}`;
}
