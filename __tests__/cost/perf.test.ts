// parsePerfStatCsv against real `perf stat -x,` outputs of perf 6.1 (see
// __fixtures__/perf/README.md): counted software events, "<not supported>" instructions, a target
// that never ran ("<not counted>"), user-space-only fallbacks ("task-clock:u") and -o files.
import { readFileSync } from 'node:fs';

import { eventCount, parsePerfStatCsv } from '../../src/cost/perf.js';
import { BenchmarkError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../__fixtures__/perf/${name}`, import.meta.url), 'utf8');
}

/** The fixture without the lines that mention `event`. */
function without(name: string, event: string): string {
  return fixture(name)
    .split('\n')
    .filter((line) => !line.includes(`,${event},`))
    .join('\n');
}

describe('parsePerfStatCsv on counted events', () => {
  it('reads task-clock in milliseconds', () => {
    expect(parsePerfStatCsv(fixture('stat-task-clock.csv'), 'detection')).toEqual({ 'task-clock': 24.31 });
  });

  it('reads several software events', () => {
    expect(parsePerfStatCsv(without('stat-mixed.csv', 'instructions'), 'mixed')).toEqual({
      'task-clock': 24.32,
      'context-switches': 16,
      'page-faults': 64,
    });
  });

  it('reads the --log-fd output of an attached session', () => {
    expect(parsePerfStatCsv(without('attach-busy-session.csv', 'instructions'), 'session')).toEqual({
      'task-clock': 326.71,
      'context-switches': 202,
    });
  });

  it('skips the "# started on" comment and blank line of -o files', () => {
    const text = fixture('attach-busy-output-file.csv');
    expect(text.startsWith('# started on')).toBe(true);
    expect(parsePerfStatCsv(text, 'output file')).toEqual({ 'task-clock': 324.61, 'context-switches': 51 });
  });

  it("ignores perf's own messages mixed into stderr", () => {
    const stderr = `Events disabled\nEvents enabled\n${fixture('stat-task-clock.csv')}`;
    expect(parsePerfStatCsv(stderr, 'stderr')).toEqual({ 'task-clock': 24.31 });
  });

  it('keeps the ":u" names perf prints when it counts user space only', () => {
    const counts = parsePerfStatCsv(without('stat-user-only.csv', 'instructions:u'), 'unprivileged');
    expect(counts).toEqual({ 'task-clock:u': 24.19 });
    expect(eventCount(counts, 'task-clock')).toBe(24.19);
    expect(eventCount(counts, 'task-clock:u')).toBe(24.19);
    expect(eventCount(counts, 'instructions')).toBeUndefined();
  });
});

describe('parsePerfStatCsv on events perf could not count', () => {
  it('names an unsupported event and quotes the line', () => {
    const message = thrownBy(BenchmarkError, () =>
      parsePerfStatCsv(fixture('stat-instructions-not-supported.csv'), 'perf stat of process 42'),
    ).message;
    expect(message).toMatch(/^perf stat of process 42: perf could not count instructions/);
    expect(message).toContain('"<not supported>,,instructions,0,100.00,,"');
    expect(message).toMatch(/does not provide that event/);
    expect(message).toMatch(/task-clock/); // the way out
  });

  it('fails on an unsupported event even when the others were counted', () => {
    for (const name of ['stat-mixed.csv', 'attach-busy-session.csv']) {
      expect(thrownBy(BenchmarkError, () => parsePerfStatCsv(fixture(name), name)).message).toMatch(
        /could not count instructions: it printed "<not supported>/,
      );
    }
    expect(
      thrownBy(BenchmarkError, () => parsePerfStatCsv(fixture('stat-user-only.csv'), 'u')).message,
    ).toMatch(/could not count instructions:u/);
  });

  it('names an event that was never scheduled ("<not counted>")', () => {
    const message = thrownBy(BenchmarkError, () =>
      parsePerfStatCsv(fixture('attach-sleeping-not-counted.csv'), 'sleeping target'),
    ).message;
    expect(message).toMatch(/could not count task-clock: it printed "<not counted>,msec,task-clock/);
    expect(message).toMatch(/never ran/);
  });

  it('says so when there are no counts at all, quoting what perf printed', () => {
    const message = thrownBy(BenchmarkError, () =>
      parsePerfStatCsv(fixture('attach-no-such-process.txt'), 'attach'),
    ).message;
    expect(message).toMatch(/^attach: perf stat printed no counts; it printed:\nProblems finding threads/);
    expect(thrownBy(BenchmarkError, () => parsePerfStatCsv('', 'empty')).message).toMatch(
      /no counts \(no output at all\)/,
    );
  });

  it('rejects two counts for one event', () => {
    const text = `${fixture('stat-task-clock.csv')}${fixture('stat-task-clock.csv')}`;
    expect(thrownBy(BenchmarkError, () => parsePerfStatCsv(text, 'twice')).message).toMatch(
      /two counts for task-clock/,
    );
  });
});

describe('hybrid CPUs (crafted: one line per core type, not captured on real hardware)', () => {
  const hybrid = [
    '1000,,cpu_core/instructions/,5000,100.00,,',
    '<not counted>,,cpu_atom/instructions/,0,0.00,,',
    '20.5,msec,task-clock,5000,100.00,1.0,CPUs utilized',
  ].join('\n');

  it('treats a core type the process never ran on as zero and sums the types', () => {
    const counts = parsePerfStatCsv(hybrid, 'hybrid');
    expect(counts).toEqual({
      'cpu_core/instructions/': 1000,
      'cpu_atom/instructions/': 0,
      'task-clock': 20.5,
    });
    expect(eventCount(counts, 'instructions')).toBe(1000);
    expect(eventCount({ 'cpu_core/instructions/': 7, 'cpu_atom/instructions/': 3 }, 'instructions')).toBe(10);
  });

  it('still fails when no core type counted the event', () => {
    const none = hybrid.replace('1000,,cpu_core', '<not counted>,,cpu_core');
    expect(thrownBy(BenchmarkError, () => parsePerfStatCsv(none, 'hybrid')).message).toMatch(
      /could not count cpu_core\/instructions\//,
    );
  });
});
