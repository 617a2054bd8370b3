// Work per transaction: which status counters count as changed, and the section's sentence.
import { workSection, WORK_THRESHOLDS } from '../../src/compare/work-changes.js';
import type { CellResult, Repetition, ServerFacts } from '../../src/results/results-schema.js';
import { real } from '../helpers/verdict-sides.js';

const COUNTERS = [
  'Com_select',
  'Com_insert',
  'Handler_read_next',
  'Innodb_data_fsyncs',
  'Binlog_commits',
  'Binlog_bytes_written',
  'Innodb_pages_written',
  'Handler_prepare',
];

const facts = (counters: readonly string[] | null = COUNTERS): ServerFacts => {
  const rest: ServerFacts = { ...real.sides.head };
  delete rest.statusCounters;
  return counters === null ? rest : { ...rest, statusCounters: [...counters] };
};

const template = (): Repetition => {
  const repetition = real.cells[0]?.repetitions[0];
  if (!repetition) throw new Error('fixture without repetitions');
  return repetition;
};

/**
 * A cell whose repetitions did `perTransaction(index)` work per transaction at `tps(index)`, each
 * over 10 s: increments are per transaction × transactions, as a run records them.
 */
function cell(
  perTransaction: (index: number) => Record<string, number>,
  tps: (index: number) => number = () => 1000,
  workload = 'oltp_write_only',
): CellResult {
  return {
    workload,
    threads: 1,
    side: 'head',
    repetitions: Array.from({ length: 5 }, (_, index) => {
      const transactions = Math.round(tps(index) * 10);
      const work = Object.fromEntries(
        Object.entries(perTransaction(index)).map(([name, value]) => [
          name,
          Math.round(value * transactions),
        ]),
      );
      return {
        ...template(),
        index: index + 1,
        report: { ...template().report, tps: tps(index), transactions },
        work,
      };
    }),
  };
}

const same = { base: facts(), head: facts() };
const wobble = (index: number, size: number): number => 1 + size * Math.sin(index * 2.1 + 0.5);

describe('workSection', () => {
  it('finds nothing when both sides did the same work', () => {
    const work = () => ({ Com_select: 14, Handler_read_next: 400, Innodb_pages_written: 0.3 });
    const section = workSection([[cell(work), cell(work)]], same);
    expect(section).toMatchObject({ status: 'compared', summary: 'same-work', cells: [], cellsCompared: 1 });
    expect(section.status === 'compared' && section.sentence).toMatch(/^Same statements, same work/);
  });

  it('names durability when fsyncs and binlog commits appear per transaction', () => {
    const base = cell(
      () => ({ Com_insert: 1, Innodb_data_fsyncs: 0.001, Handler_prepare: 0 }),
      () => 5000,
    );
    const head = cell(
      () => ({
        Com_insert: 1,
        Innodb_data_fsyncs: 1.001,
        Binlog_commits: 1,
        Binlog_bytes_written: 817,
        Handler_prepare: 10,
      }),
      () => 400,
    );
    const section = workSection([[base, head]], same);
    if (section.status !== 'compared') throw new Error('not compared');
    expect(section.summary).toBe('different-work');
    expect(section.sentence).toMatch(/^Same statements, different work: I\/O and durability changed most/);
    expect(section.sentence).toContain('Binlog_commits 0 → 1.00');
    expect(section.sentence).toContain('Innodb_data_fsyncs 0.0010 → 1.00');
    expect(section.sentence).toMatch(/rows and index access changed too/);
    const names = section.cells[0]?.changes.map((change) => change.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Innodb_data_fsyncs',
        'Binlog_commits',
        'Binlog_bytes_written',
        'Handler_prepare',
      ]),
    );
    expect(names).not.toContain('Com_insert');
    // Events before bytes.
    expect(names?.indexOf('Binlog_bytes_written')).toBeGreaterThan(names?.indexOf('Binlog_commits') ?? 99);
  });

  it('warns when the statements differ', () => {
    const section = workSection([[cell(() => ({ Com_select: 10 })), cell(() => ({ Com_select: 14 }))]], same);
    expect(section).toMatchObject({ status: 'compared', summary: 'different-statements' });
    expect(section.status === 'compared' && section.sentence).toMatch(
      /^Different statements: not a like-for-like comparison.*Com_select 10.00 → 14.00/,
    );
  });

  it('leaves a counter that wanders within its own spread alone', () => {
    // ±30% on both sides, medians 20% apart (beyond 10% and 0.01), but well within the spread.
    const base = cell((index) => ({ Innodb_pages_written: 2 * wobble(index, 0.3) }));
    const head = cell((index) => ({ Innodb_pages_written: 2.5 * wobble(index + 1, 0.3) }));
    expect(workSection([[base, head]], same)).toMatchObject({ summary: 'same-work', cells: [] });
  });

  it('says when a change is under either threshold', () => {
    const small = WORK_THRESHOLDS.absolute / 2;
    const under = workSection(
      [
        [
          cell(() => ({ Handler_read_next: 400, Innodb_data_fsyncs: 0 })),
          cell(() => ({
            Handler_read_next: 400 * (1 + WORK_THRESHOLDS.relative / 2),
            Innodb_data_fsyncs: small,
          })),
        ],
      ],
      same,
    );
    expect(under).toMatchObject({ summary: 'same-work' });
    const over = workSection(
      [
        [
          cell(() => ({ Handler_read_next: 400 })),
          cell(() => ({ Handler_read_next: 400 * (1 + 2 * WORK_THRESHOLDS.relative) })),
        ],
      ],
      same,
    );
    expect(over).toMatchObject({ summary: 'different-work' });
  });

  it('asks more of the counters background threads also move', () => {
    // Buffer-pool requests 8% apart with a tight spread: a rows counter would count, a cache one not.
    const base = cell(() => ({ Handler_read_next: 100, Innodb_pages_written: 100 }));
    const head = cell(() => ({ Handler_read_next: 108, Innodb_pages_written: 108 }));
    const section = workSection([[base, head]], same);
    if (section.status !== 'compared') throw new Error('not compared');
    expect(section.cells[0]?.changes.map((change) => change.name)).toEqual(['Handler_read_next']);
    const further = workSection(
      [[base, cell(() => ({ Handler_read_next: 100, Innodb_pages_written: 115 }))]],
      same,
    );
    expect(further.status === 'compared' && further.cells[0]?.changes.map((change) => change.name)).toEqual([
      'Innodb_pages_written',
    ]);
  });

  it('marks background counters that kept their pace per second while throughput fell', () => {
    // 30% fewer transactions per second, the same pages written per second.
    const base = cell(
      () => ({ Handler_read_next: 100, Innodb_pages_written: 0.7 }),
      () => 1000,
    );
    const head = cell(
      () => ({ Handler_read_next: 100, Innodb_pages_written: 1 }),
      () => 700,
    );
    const section = workSection([[base, head]], same);
    if (section.status !== 'compared') throw new Error('not compared');
    expect(section.summary).toBe('same-work');
    expect(section.cells[0]?.changes).toEqual([
      expect.objectContaining({ name: 'Innodb_pages_written', followsThroughput: true }),
    ]);
  });

  it('never excuses rows read as throughput: only the client reads rows', () => {
    const base = cell(
      () => ({ Handler_read_next: 100 }),
      () => 1000,
    );
    const head = cell(
      () => ({ Handler_read_next: 200 }),
      () => 500,
    );
    const section = workSection([[base, head]], same);
    expect(section).toMatchObject({ summary: 'different-work' });
    expect(section.status === 'compared' && section.cells[0]?.changes[0]?.followsThroughput).toBe(false);
  });

  it('compares only counters both servers have', () => {
    const section = workSection(
      [[cell(() => ({ Com_select: 1 })), cell(() => ({ Com_select: 1, Handler_prepare: 10 }))]],
      { base: facts(['Com_select']), head: facts(['Com_select', 'Handler_prepare', 'Binlog_commits']) },
    );
    expect(section).toMatchObject({ summary: 'same-work', oneSidedCounters: 2 });
  });

  it('says which side lacks the counters, for results from before they were recorded', () => {
    const section = workSection([[cell(() => ({ Com_select: 1 })), cell(() => ({ Com_select: 1 }))]], {
      base: facts(null),
      head: facts(),
    });
    expect(section).toEqual({
      status: 'unavailable',
      reason: expect.stringMatching(/^not compared: the base recorded/) as string,
    });
    const old = (c: CellResult): CellResult => ({
      ...c,
      repetitions: c.repetitions.map((repetition) => {
        const rest = { ...repetition };
        delete rest.work;
        return rest;
      }),
    });
    const neither = workSection([[old(cell(() => ({}))), old(cell(() => ({})))]], same);
    expect(neither.status === 'unavailable' && neither.reason).toMatch(/neither side recorded/);
  });
});
