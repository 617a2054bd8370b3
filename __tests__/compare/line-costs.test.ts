// The cost of the changed lines: callgrind's lines read (relative positions, inlined files, calls),
// git's hunks read, and the two mapped onto each other.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

import { diffPathMatcher, parseLineCosts } from '../../src/cost/callgrind-lines.js';
import { hunkLabel, parseDiffHunks } from '../../src/compare/diff-hunks.js';
import { cellLines, lineSection } from '../../src/compare/line-costs.js';
import { hunkUrl } from '../../src/report/document/lines.js';
import type { CellComparison } from '../../src/compare/verdict-schema.js';
import { ResultsError } from '../../src/errors.js';

// A dump as callgrind writes one: compressed names, positions relative to the previous line,
// a header function (fi=) inlined into sql_parse.cc's dispatch_command, and a call.
const DUMP = `# callgrind format
version: 1
positions: line
events: Ir

ob=(1) /opt/mariadb/bin/mariadbd
fl=(1) /src/mariadb/sql/sql_parse.cc
fn=(1) dispatch_command(enum_server_command, THD*, char*, unsigned int, bool)
1627 10
+1 300
* 600
+1 900
fi=(2) /src/mariadb/sql/sql_class.h
120 50
fe=(1)
1630 7
cfi=(3) /src/mariadb/sql/sql_select.cc
cfn=(2) mysql_select()
calls=1 400
1631 5000
fl=(3)
fn=(2)
400 4000
+2 1000
fl=(4) ./strings/../strings/ctype.c
fn=(3) my_strnncoll
10 77
fl=(1)
fn=(4) mysql_parse()
fi=(2)
121 3
fn=(5) do_command()
1700 9
totals: 12944
`;

const want = diffPathMatcher(['sql/sql_parse.cc', 'sql/sql_class.h', 'sql/sql_select.cc']);

describe('parseLineCosts', () => {
  const costs = parseLineCosts(DUMP, 'dump', want);

  it('adds up Ir per line, following relative positions, with calls counted on their line', () => {
    expect(Object.fromEntries(costs.files.get('sql/sql_parse.cc') ?? [])).toEqual({
      1627: 10,
      1628: 900,
      1629: 900,
      1630: 7,
      1631: 5000,
      // A new fn= is back in its own file (fl=), whatever fi= said before it.
      1700: 9,
    });
    expect(Object.fromEntries(costs.files.get('sql/sql_select.cc') ?? [])).toEqual({ 400: 4000, 402: 1000 });
    expect(costs.lineNumbered).toBe(true);
  });

  it("counts inlined code on its own file's lines, and names the function it was inlined into", () => {
    expect(Object.fromEntries(costs.files.get('sql/sql_class.h') ?? [])).toEqual({ 120: 50, 121: 3 });
    expect([...(costs.inlinedInto.get('sql/sql_class.h')?.get(120) ?? [])]).toEqual([
      'dispatch_command(enum_server_command, THD*, char*, unsigned int, bool)',
    ]);
    expect(costs.inlinedInto.get('sql/sql_parse.cc')).toBeUndefined();
  });

  it('leaves out files the diff does not touch, and says when a binary had no line tables', () => {
    expect([...costs.files.keys()].sort()).toEqual([
      'sql/sql_class.h',
      'sql/sql_parse.cc',
      'sql/sql_select.cc',
    ]);
    const stripped = parseLineCosts(
      'positions: line\nevents: Ir\nfl=(1) ???\nfn=(1) 0x1234\n0 50\n',
      'dump',
      () => 'x',
    );
    expect(stripped.lineNumbered).toBe(false);
  });

  it('refuses a dump without line positions or with a broken position, naming the line', () => {
    expect(() => parseLineCosts('positions: instr\nevents: Ir\n', 'd.out', want)).toThrow(
      /d\.out: line 1: the dump has no line positions/,
    );
    expect(() =>
      parseLineCosts('positions: line\nevents: Ir\nfl=(1) a.cc\nfn=(1) f\n+x 5\n', 'd.out', want),
    ).toThrow(ResultsError);
  });
});

describe('diffPathMatcher', () => {
  it('matches whole trailing components of the normalized name, the longest path first', () => {
    const match = diffPathMatcher(['handler.cc', 'sql/handler.cc', 'storage/innobase/handler/ha_innodb.cc']);
    expect(match('/build/src/sql/handler.cc')).toBe('sql/handler.cc');
    expect(match('./sql/../sql/handler.cc')).toBe('sql/handler.cc');
    expect(match('/x/handler.cc')).toBe('handler.cc');
    expect(match('/x/myhandler.cc')).toBeUndefined();
    expect(match('???')).toBeUndefined();
  });
});

const DIFF = `diff --git a/sql/sql_parse.cc b/sql/sql_parse.cc
index 1111111..2222222 100644
--- a/sql/sql_parse.cc
+++ b/sql/sql_parse.cc
@@ -1626,0 +1627,8 @@ dispatch_command_return dispatch_command(enum enum_server_command command, THD *thd,
+  /* Spread the packet over a 64-bit hash */
+  {
diff --git a/sql/sql_select.cc b/sql/sql_select.cc
--- a/sql/sql_select.cc
+++ b/sql/sql_select.cc
@@ -400,2 +400,3 @@ int JOIN::optimize()
-  old
+  new
diff --git a/sql/gone.cc b/sql/gone.cc
deleted file mode 100644
--- a/sql/gone.cc
+++ /dev/null
@@ -1,3 +0,0 @@
-a
`;

describe('parseDiffHunks', () => {
  it("reads each hunk's removed and added lines", () => {
    const hunks = parseDiffHunks(DIFF);
    expect(hunks).toEqual([
      { path: 'sql/sql_parse.cc', baseStart: 1626, baseLines: 0, headStart: 1627, headLines: 8 },
      { path: 'sql/sql_select.cc', baseStart: 400, baseLines: 2, headStart: 400, headLines: 3 },
      { path: 'sql/gone.cc', baseStart: 1, baseLines: 3, headStart: 0, headLines: 0 },
    ]);
    expect(hunks.map(hunkLabel)).toEqual([
      'sql/sql_parse.cc:1627–1634 (+8 lines)',
      'sql/sql_select.cc:400–402 (3 lines for 2)',
      'sql/gone.cc:1 (−3 lines)',
    ]);
  });

  it("reads names with spaces (git's trailing tab), and never takes a changed line for a file name", () => {
    const text = [
      'diff --git a/sql/a b.cc b/sql/a b.cc',
      '--- a/sql/a b.cc\t',
      '+++ b/sql/a b.cc\t',
      '@@ -1 +1,2 @@',
      '--- removed, looks like a header',
      '+++ added, looks like a header',
      '@@ -9 +10 @@',
      '-x',
      '+y',
    ].join('\n');
    expect(parseDiffHunks(text).map((hunk) => hunk.path)).toEqual(['sql/a b.cc', 'sql/a b.cc']);
  });

  it('refuses a hunk header it cannot read', () => {
    expect(() => parseDiffHunks('--- a/x\n+++ b/x\n@@ nonsense @@\n')).toThrow(/unreadable hunk/);
  });
});

describe('cellLines', () => {
  const hunks = parseDiffHunks(DIFF);
  const judged = (base: number, head: number): CellComparison =>
    ({
      workload: 'oltp_point_select',
      threads: 1,
      base: { median: base },
      head: { median: head },
    }) as CellComparison;
  const side = (files: Record<string, Record<number, number>>, transactions: number) => ({
    costs: {
      files: new Map(
        Object.entries(files).map(([file, lines]) => [
          file,
          new Map(Object.entries(lines).map(([l, c]) => [Number(l), c])),
        ]),
      ),
      inlinedInto: new Map(),
      lineNumbered: true,
    },
    transactions,
  });

  it("costs each hunk as the head's lines less the base's, per transaction, and what share that explains", () => {
    const base = side({ 'sql/sql_select.cc': { 400: 200, 401: 100, 402: 999 } }, 100);
    const head = side(
      { 'sql/sql_parse.cc': { 1627: 50_000, 1634: 10_000, 1635: 777 }, 'sql/sql_select.cc': { 400: 100 } },
      100,
    );
    const cell = cellLines(hunks, { base, head }, judged(40_000, 40_610));
    expect(cell.hunks.map((hunk) => [hunk.label, hunk.base, hunk.head, hunk.delta])).toEqual([
      ['sql/sql_parse.cc:1627–1634 (+8 lines)', 0, 600, 600],
      ['sql/sql_select.cc:400–402 (3 lines for 2)', 3, 1, -2],
      ['sql/gone.cc:1 (−3 lines)', 0, 0, 0],
    ]);
    expect(cell.hunks[0]?.shareOfTransaction).toBeCloseTo(600 / 40_000);
    expect(cell.explained).toBe(598);
    expect(cell.measured).toBe(610);
    expect(cell.share).toBeCloseTo(598 / 610);
    expect(cell.costlessHunks).toBe(1);
  });

  it('gives no share when the measured change is under one instruction', () => {
    const none = side({}, 10);
    expect(cellLines(hunks, { base: none, head: none }, judged(100, 100.5)).share).toBeNull();
    const section = lineSection({ base: 'a'.repeat(40), head: 'b'.repeat(40), sourceUrl: null }, hunks, []);
    expect(section).toMatchObject({ status: 'mapped', hunks: 3, cells: [] });
  });

  it("links a hunk to its head lines, the path's components encoded", () => {
    expect(
      hunkUrl('https://github.com/o/r', 'c0ffee', { path: 'sql/a b#.cc', headStart: 12, headLines: 3 }),
    ).toBe('https://github.com/o/r/blob/c0ffee/sql/a%20b%23.cc#L12-L14');
    expect(hunkUrl('https://github.com/o/r', 'c0ffee', { path: 'x.cc', headStart: 0, headLines: 0 })).toBe(
      'https://github.com/o/r/blob/c0ffee/x.cc#L1',
    );
  });
});

describe('parseLineCosts on real dumps', () => {
  const fixture = (name: string): string =>
    readFileSync(new URL(`../../__fixtures__/callgrind/${name}`, import.meta.url), 'utf8');
  const gzipped = (name: string): string =>
    gunzipSync(readFileSync(new URL(`../../__fixtures__/callgrind/${name}`, import.meta.url))).toString(
      'utf8',
    );
  const loop = diffPathMatcher(['loop.c']);

  it("gives loop.c's lines the same costs however callgrind compressed or laid out its positions", () => {
    const byLine = (name: string) =>
      Object.fromEntries(parseLineCosts(fixture(name), name, loop).files.get('loop.c') ?? []);
    const line = byLine('loop.line.callgrind');
    // mix: 5 instructions a call (4 on line 7, its return on line 8), 1000 calls; line 13 holds
    // spin's own 2 + 1998 + 1000 and the 5000 of the calls to mix made from it.
    expect([line[7], line[8], line[13]]).toEqual([4000, 1000, 8000]);
    expect(byLine('loop.uncompressed.callgrind')).toEqual(line);
    expect(byLine('loop.instr.callgrind')).toEqual(line);
    expect(byLine('loop.jumps-parts.callgrind')[8]).toBe(1000);
  });

  it("puts a real head's extra statement-path instructions on the lines its commit added", () => {
    // MariaDB 10.11.18 built here (RelWithDebInfo) before and after a commit that hashes every
    // command packet in 8 new lines of dispatch_command (sql/sql_parse.cc 1627–1634): 5000 point
    // selects each; compare measured +4,504 instructions per point select.
    const paths = diffPathMatcher(['sql/sql_parse.cc', 'sql/sql_class.h']);
    const head = parseLineCosts(gzipped('lines-head-point-select.callgrind.gz'), 'head', paths);
    const base = parseLineCosts(gzipped('lines-base-point-select.callgrind.gz'), 'base', paths);
    const added = (costs: typeof head): number =>
      [...(costs.files.get('sql/sql_parse.cc') ?? [])]
        .filter(([line]) => line >= 1627 && line <= 1634)
        .reduce((sum, [, cost]) => sum + cost, 0) / 5000;
    expect(added(head)).toBeGreaterThan(4400);
    expect(added(head)).toBeLessThan(4600);
    // The base's lines 1627–1634 are other code (the function goes on there): far cheaper.
    expect(added(base)).toBeLessThan(1000);
    // Inlined code from a header is counted on the header's lines, naming the function it ran in.
    const inlined = [...(head.inlinedInto.get('sql/sql_class.h')?.values() ?? [])].flatMap((names) => [
      ...names,
    ]);
    expect(inlined.length).toBeGreaterThan(0);
    expect(head.lineNumbered && base.lineNumbered).toBe(true);
  });
});
