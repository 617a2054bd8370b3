import { FunctionTally } from '../../src/run/function-tally.js';

describe('FunctionTally', () => {
  it('averages self instructions per transaction over windows and drops rounding dust', () => {
    const tally = new FunctionTally();
    tally.add(
      [
        { name: 'do_command(THD*, bool)', object: '/usr/sbin/mariadbd', self: 5000, inclusive: 200_000 },
        { name: 'memcpy', object: '/lib/libc.so.6', self: 20_000, inclusive: 20_000 },
        { name: 'rare', object: '/usr/sbin/mariadbd', self: 1, inclusive: 1 },
      ],
      1000,
    );
    tally.add([{ name: 'memcpy', object: '/lib/libc.so.6', self: 44_000, inclusive: 44_000 }], 2000);
    expect(tally.perTransaction()).toEqual([
      { name: 'memcpy', object: '/lib/libc.so.6', perTransaction: 21 },
      { name: 'do_command(THD*, bool)', object: '/usr/sbin/mariadbd', perTransaction: 2.5 },
    ]);
  });

  it("folds callgrind's recursion suffixes into their function", () => {
    const tally = new FunctionTally();
    const name = 'do_handle_one_connection(CONNECT*, bool)';
    tally.add(
      [
        { name, object: 'mariadbd', self: 300, inclusive: 900 },
        { name: `${name}'2`, object: 'mariadbd', self: 200, inclusive: 600 },
        { name: "operator'", object: 'mariadbd', self: 100, inclusive: 100 },
      ],
      100,
    );
    expect(tally.perTransaction()).toEqual([
      { name, object: 'mariadbd', perTransaction: 5 },
      { name: "operator'", object: 'mariadbd', perTransaction: 1 },
    ]);
  });

  it('ignores windows without transactions', () => {
    const tally = new FunctionTally();
    tally.add([{ name: 'f', object: 'o', self: 10, inclusive: 10 }], 0);
    expect(tally.perTransaction()).toEqual([]);
  });
});
