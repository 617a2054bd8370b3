import { InputError } from '../../src/errors.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { builtinSuiteNames, loadSuite } from '../../src/suite/load-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { measurementLimit, suiteCells } from '../../src/suite/suite-schema.js';
import { thrownBy } from '../helpers/errors.js';

const minimal = `
name: tiny
threads: [1, 2]
durationSeconds: 2
repetitions: 3
tables: 1
tableSize: 100
workloads:
  - name: oltp_point_select
`;

function errorOf(fn: () => unknown): InputError {
  return thrownBy(InputError, fn);
}

describe('parseSuite', () => {
  it('fills defaults and lists cells in suite order', () => {
    const suite = parseSuite(minimal, 'test');
    expect(suite.connection).toBe('socket');
    expect(suite.warmupSeconds).toBe(0);
    expect(suite.percentile).toBe(95);
    expect(suite.restartBetweenRepetitions).toBe(false);
    expect(suiteCells(suite)).toEqual([
      { workload: 'oltp_point_select', threads: 1 },
      { workload: 'oltp_point_select', threads: 2 },
    ]);
  });

  it('turns YAML booleans and numbers in server options into server spellings', () => {
    const suite = parseSuite(
      `${minimal}serverOptions:\n  performance_schema: true\n  max_connections: 300\n`,
      'test',
    );
    expect(suite.serverOptions).toEqual({ performance_schema: 'ON', max_connections: '300' });
  });

  it.each([
    ['connection: udp\n', 'field connection', '"socket"|"tcp"'],
    ['threads: [1, 1]\n', 'field threads', 'must not repeat'],
    ['repetitions: 1\n', 'field repetitions', '>=2'],
    ['durationSeconds: ten\n', 'field durationSeconds', 'number'],
    ['colour: blue\n', 'unknown field "colour"', 'allowed fields: name, description'],
  ])('names the field for %j', (override, field, allowed) => {
    const key = override.split(':')[0] ?? '';
    const text = `${minimal.replace(new RegExp(`^${key}:.*$`, 'm'), '')}${override}`;
    const error = errorOf(() => parseSuite(text, 'bad.yml'));
    expect(error.message).toContain('suite bad.yml is invalid');
    expect(error.message).toContain(field);
    expect(error.message).toContain(allowed);
  });

  it('names nested workload fields and duplicate names', () => {
    const text = `${minimal}  - name: oltp_point_select\n    threads: [0]\n    sript: x.lua\n`;
    const error = errorOf(() => parseSuite(text, 'bad.yml'));
    expect(error.message).toContain(
      'field workloads[1].name: workload name "oltp_point_select" is used twice',
    );
    expect(error.message).toContain('field workloads[1].threads[0]');
    expect(error.message).toContain(
      'workloads[1]: unknown field "sript"; allowed fields: name, script, options, threads',
    );
  });

  it('reports YAML syntax errors with their position', () => {
    const error = errorOf(() => parseSuite('name: [unclosed\n', 'broken.yml'));
    expect(error.message).toMatch(/suite broken.yml is not valid YAML: .*line \d+, column \d+/s);
  });

  it('rejects a document that is not a mapping', () => {
    expect(errorOf(() => parseSuite('- 1\n- 2\n', 'list.yml')).message).toContain('must be a YAML mapping');
  });
});

const instructions = `
name: cost
metric: instructions
threads: [1]
repetitions: 3
randSeed: 7
events: 1000
tables: 1
tableSize: 100
workloads:
  - name: oltp_point_select
  - name: oltp_write_only
    events: 200
`;

describe('instruction suites', () => {
  it("bound each measurement by events, the workload's own first", () => {
    const suite = parseSuite(instructions, 'test');
    const [pointSelect, writeOnly] = suite.workloads;
    if (!pointSelect || !writeOnly) throw new Error('two workloads expected');
    expect(measurementLimit(suite, pointSelect, 'measure')).toEqual({ events: 1000 });
    expect(measurementLimit(suite, writeOnly, 'measure')).toEqual({ events: 200 });
    expect(measurementLimit(suite, writeOnly, 'warmup')).toEqual({ events: 0 });
  });

  it.each([
    ['threads: [1, 4]', 'field threads', 'must be [1]: instruction cells run one client thread'],
    ['randSeed: 0', 'field randSeed', 'every repetition must run the same statements'],
    ['events: 1000\ndurationSeconds: 10', 'field durationSeconds', 'not used with metric: instructions'],
    ['events: 1000\nwarmupSeconds: 5', 'field warmupSeconds', 'set warmupEvents instead'],
  ])('rejects %j', (line, field, message) => {
    const [key] = line.split(':');
    const text = instructions.replace(new RegExp(`^${key}: .*$`, 'm'), line);
    const error = errorOf(() => parseSuite(text.includes(line) ? text : `${text}${line}\n`, 'test'));
    expect(error.message).toContain(field);
    expect(error.message).toContain(message);
  });

  it('needs events for every workload', () => {
    const error = errorOf(() => parseSuite(instructions.replace('events: 1000\n', ''), 'test'));
    expect(error.message).toContain('workloads[0].events');
  });

  it('keeps events and warmupEvents out of throughput suites', () => {
    expect(errorOf(() => parseSuite(`${minimal}events: 10\n`, 'test')).message).toContain(
      'only for metric: instructions',
    );
    expect(errorOf(() => parseSuite(minimal.replace('durationSeconds: 2\n', ''), 'test')).message).toContain(
      'field durationSeconds',
    );
  });
});

describe('built-in suites', () => {
  it('ships quick, standard and instructions, all valid', () => {
    expect(builtinSuiteNames()).toEqual(expect.arrayContaining(['quick', 'standard', 'instructions']));
    for (const name of builtinSuiteNames()) expect(loadSuite(name).name).toBe(name);
  });

  it('the suites docs/experiments.md runs are valid, and named after their files', () => {
    const dir = join(import.meta.dirname, '../../docs/experiments');
    const files = readdirSync(dir).filter((file) => file.endsWith('.yml'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) expect(loadSuite(join(dir, file)).name).toBe(file.replace(/\.yml$/, ''));
  });

  it('tpcc runs the TPC-C-like kind at 2 warehouses, prepared again after every step', () => {
    const tpcc = loadSuite('tpcc');
    expect(builtinSuiteNames()).toContain('tpcc');
    expect(tpcc.warehouses).toBe(2);
    expect(tpcc.workloads.map((workload) => [workload.name, workload.kind, workload.resetData])).toEqual([
      ['tpcc', 'tpcc', undefined],
    ]);
    expect(tpcc.threads).toEqual([1, 4, 16]);
    expect(tpcc.repetitions).toBeGreaterThanOrEqual(5);
    expect(tpcc.description).toMatch(/not an audited TPC-C/);
  });

  it('quick covers point selects, read-only and a write workload at two thread counts, 3+ repetitions', () => {
    const quick = loadSuite('quick');
    const names = quick.workloads.map((workload) => workload.name);
    expect(names).toEqual(expect.arrayContaining(['oltp_point_select', 'oltp_read_only']));
    expect(names.some((name) => /write|insert|update|delete/.test(name))).toBe(true);
    expect(quick.threads.length).toBeGreaterThanOrEqual(2);
    expect(quick.repetitions).toBeGreaterThanOrEqual(3);
  });

  it('standard covers the six OLTP workloads from 1 to at least 64 threads, 5+ repetitions', () => {
    const standard = loadSuite('standard');
    expect(standard.workloads.map((workload) => workload.name)).toEqual([
      'oltp_point_select',
      'oltp_read_only',
      'oltp_read_write',
      'oltp_write_only',
      'oltp_update_index',
      'oltp_insert',
    ]);
    expect(Math.min(...standard.threads)).toBe(1);
    expect(Math.max(...standard.threads)).toBeGreaterThanOrEqual(64);
    expect(standard.repetitions).toBeGreaterThanOrEqual(5);
  });

  it('instructions covers point selects, read-only, read-write and write-only under the cost metric', () => {
    const suite = loadSuite('instructions');
    expect(suite.metric).toBe('instructions');
    expect(suite.workloads.map((workload) => workload.name)).toEqual([
      'oltp_point_select',
      'oltp_read_only',
      'oltp_read_write',
      'oltp_write_only',
    ]);
    expect(suite.threads).toEqual([1]);
    expect(suite.randSeed).not.toBe(0);
  });

  it('says which suites exist when the name is neither built in nor a file', () => {
    const error = errorOf(() => loadSuite('qiuck', '--suite'));
    expect(error.message).toContain('--suite qiuck: no such file, and not a built-in suite');
    expect(error.message).toContain('quick');
  });
});
