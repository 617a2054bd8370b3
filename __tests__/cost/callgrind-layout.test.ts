// The columns of a cost line: positions (relative ones counted from the last cost line) and one
// cost per event; summary: and totals: lines.
import { CostLayout } from '../../src/cost/callgrind-layout.js';
import { at, failure } from '../helpers/callgrind.js';

describe('CostLayout', () => {
  function layout(positions: string | undefined, events: string): CostLayout {
    const result = new CostLayout(at(5));
    if (positions !== undefined) result.setPositions(positions);
    result.setEvents(events);
    return result;
  }

  /** The costs and positions of a cost line, copied before the layout reuses its arrays. */
  function columns(from: CostLayout, line: string): { positions: number[]; costs: number[] } {
    const costs = [...from.costLine(line)];
    return { positions: [...from.lastPositions], costs };
  }

  it('takes each cost from its column after the positions, 0 when the line leaves it out', () => {
    expect(columns(layout(undefined, 'Ir'), '10 7')).toEqual({ positions: [10], costs: [7] });
    expect(columns(layout('instr line', 'Dr Ir'), '0x10 +2 3 9')).toEqual({
      positions: [16, 2],
      costs: [3, 9],
    });
    expect(columns(layout('instr line', 'Dr Ir'), '* -1 3')).toEqual({ positions: [0, -1], costs: [3, 0] });
    expect(columns(layout('line', 'Ir Dr'), '+1')).toEqual({ positions: [1], costs: [0, 0] });
  });

  it('counts the position columns positions: names', () => {
    expect(layout('instr bb line', 'Ir').positionCount).toBe(3);
    expect(new CostLayout(at(1)).positionCount).toBe(1);
    expect(failure(() => layout('instr line', 'Ir').costLine('0x10'))).toMatch(
      /line 5: cost line "0x10" has fewer than the 2 position column/,
    );
  });

  it('refuses a position or cost that is not one, and more costs than events', () => {
    const ir = layout(undefined, 'Ir');
    expect(failure(() => ir.costLine('1x 5'))).toMatch(/"1x" where a position belongs/);
    expect(failure(() => ir.costLine('1 +5'))).toMatch(/"\+5" where a cost belongs/);
    expect(failure(() => ir.costLine('1 5 6'))).toMatch(/more costs than the 1 event/);
    expect(failure(() => ir.costLine('1 9007199254740993'))).toMatch(/too large to add up exactly/);
  });

  it('needs events: before costs, and Ir among the events', () => {
    expect(failure(() => new CostLayout(at(2)).costLine('1 5'))).toMatch(
      /line 2: cost line before any events:/,
    );
    expect(failure(() => new CostLayout(at(2)).totalCosts('totals', '5'))).toMatch(
      /totals: comes before any events:/,
    );
    const message = failure(() => layout(undefined, 'Dr Dw'));
    expect(message).toMatch(/"Dr Dw" but not Ir \(instructions executed\); run valgrind/);
    expect(message).not.toMatch(/unmodified/);
    expect(failure(() => layout(undefined, ''))).toMatch(/events: names no event/);
    expect(failure(() => layout('line column', 'Ir'))).toMatch(/positions: "line column" is not a list/);
  });

  it('reports the events of the first events: line', () => {
    const both = layout(undefined, 'Ir Dr');
    both.setEvents('Dr Ir');
    expect(both.firstEvents).toEqual(['Ir', 'Dr']);
    // Costs follow the events: line in force (FunctionProfile takes Ir from there: see
    // callgrind-functions.test.ts).
    expect(both.costLine('1 4 6')).toEqual([4, 6]);
  });

  it('reads the costs of summary: and totals:, checking every number', () => {
    expect(layout(undefined, 'Dr Ir').totalCosts('summary', '3 40')).toEqual([3, 40]);
    expect(layout(undefined, 'Dr Ir').totalCosts('summary', '3')).toEqual([3, 0]);
    expect(failure(() => layout(undefined, 'Ir').totalCosts('totals', '4 lots'))).toMatch(
      /totals: has "lots" where a number belongs/,
    );
  });
});
