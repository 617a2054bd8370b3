// What a cell's figures are per, in words, for one cell and for several at once.
import {
  perUnit,
  perUnitLabel,
  perUnits,
  perUnitsLabel,
  unitNoun,
  unitShort,
} from '../../src/results/operation-units.js';

describe('one cell', () => {
  it.each([
    [undefined, 'transaction', 'per transaction', 'txn', 'instr/txn'],
    ['recovery', 'recovery', 'per recovery', 'recovery', 'instr/recovery'],
    ['start', 'start', 'per start', 'start', 'instr/start'],
    [
      'applied transaction',
      'applied transaction',
      'per applied transaction',
      'applied trx',
      'instr/applied trx',
    ],
  ] as const)('%s', (per, noun, words, short, label) => {
    expect(unitNoun(per)).toBe(noun);
    expect(perUnit(per)).toBe(words);
    expect(unitShort(per)).toBe(short);
    expect(perUnitLabel('instr/txn', per)).toBe(label);
  });
});

describe('several cells', () => {
  it.each([
    [[], 'per transaction', 'instr/txn'],
    [[undefined, undefined], 'per transaction', 'instr/txn'],
    [['recovery', 'recovery'], 'per recovery', 'instr/recovery'],
    [[undefined, 'recovery', undefined], 'per transaction or per recovery', 'instr/txn or instr/recovery'],
    [
      ['recovery', 'start', 'applied transaction'],
      'per recovery, per start or per applied transaction',
      'instr/recovery, instr/start or instr/applied trx',
    ],
  ] as const)('%j: each unit once, in order', (pers, words, label) => {
    expect(perUnits(pers)).toBe(words);
    expect(perUnitsLabel('instr/txn', pers)).toBe(label);
  });
});
