// The layering docs/architecture.md describes, checked on every import in src/: the layer table
// there is the rule, so the map a contributor reads and what this test enforces cannot drift apart.
//
// - Every module under src/ belongs to a row of the table (a new folder must be placed).
// - An import never points from a lower layer to a higher one.
// - A module not listed as doing I/O is pure: it imports no I/O package (fs, child_process, the
//   network, @actions/*, mysql2) and no module that does I/O, except for types.
// - A sentence "no module under `builder/` imports one under `server/` but `server/build-info.ts`"
//   holds for every import, types included.
// - No module outside src/flavor/ asks which flavor it has by name (flavorBranches).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { FLAVORS } from '../src/flavor/flavors.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'src');
const DOC = join(ROOT, 'docs', 'architecture.md');

/** Packages whose use is I/O: a pure module imports none of them. */
const IO_PACKAGES = [
  /^node:(fs|fs\/promises|child_process|net|os|http|https|dgram|worker_threads|zlib|timers\/promises)$/,
  /^@actions\//,
  /^@octokit\//,
  /^mysql2/,
];

interface Row {
  readonly layer: number;
  /** Folder (`report/specs/`) or file (`errors.ts`) paths under src/. */
  readonly modules: readonly string[];
  /** 'all' when every module of the row may do I/O, else the files (under src/) that may. */
  readonly io: 'all' | readonly string[];
}

/** Rows of the table under "## Layers": `| 3 | \`suite/\` \`sysbench/\` | \`suite/load-suite.ts\` | … |`. */
export function parseLayerTable(markdown: string): Row[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Layers'));
  if (section === undefined) throw new Error('docs/architecture.md has no "## Layers" section');
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const layer = Number(cells[1]);
    if (!/^\d+$/.test(cells[1] ?? '') || Number.isNaN(layer)) continue;
    const code = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
    const ioCell = cells[3] ?? '';
    rows.push({ layer, modules: code(cells[2] ?? ''), io: ioCell === 'all' ? 'all' : code(ioCell) });
  }
  return rows;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The row a module belongs to: the longest folder or file path of the table that contains it. */
function rowOf(rows: readonly Row[], file: string): { row: Row; module: string } | undefined {
  let best: { row: Row; module: string } | undefined;
  for (const row of rows) {
    for (const module of row.modules) {
      const contains = module.endsWith('/') ? file.startsWith(module) : file === module;
      if (contains && (best === undefined || module.length > best.module.length)) best = { row, module };
    }
  }
  return best;
}

interface Import {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

/** Static and dynamic imports and re-exports of a file, and whether each is for types only. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const specifier = (node.moduleSpecifier as ts.StringLiteral).text;
      const typeOnly = ts.isImportDeclaration(node)
        ? node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword ||
          (node.importClause?.namedBindings !== undefined &&
            ts.isNamedImports(node.importClause.namedBindings) &&
            node.importClause.name === undefined &&
            node.importClause.namedBindings.elements.every((element) => element.isTypeOnly))
        : node.isTypeOnly;
      found.push({ specifier, typeOnly });
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) found.push({ specifier: argument.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A relative import's target as a path under src/ (`../compare/cell.js` → `compare/cell.ts`). */
function targetOf(file: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  return relative(SRC, resolve(SRC, dirname(file), specifier.replace(/\.js$/, '.ts')));
}

function mayDoIo(rows: readonly Row[], file: string): boolean {
  const row = rowOf(rows, file)?.row;
  return row !== undefined && (row.io === 'all' || row.io.includes(file));
}

/** Every rule the table states, broken, as one message per import (empty when all hold). */
export function layeringViolations(rows: readonly Row[], files: readonly string[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const from = rowOf(rows, file);
    if (from === undefined) {
      problems.push(
        `src/${file} is in no row of the table in docs/architecture.md: place its folder in a layer`,
      );
      continue;
    }
    const pure = !mayDoIo(rows, file);
    for (const { specifier, typeOnly } of importsOf(file)) {
      const target = targetOf(file, specifier);
      if (target === undefined) {
        if (pure && !typeOnly && IO_PACKAGES.some((pattern) => pattern.test(specifier))) {
          problems.push(`src/${file} is pure (not listed as doing I/O) but imports ${specifier}`);
        }
        continue;
      }
      const to = rowOf(rows, target);
      if (to !== undefined && to.row.layer > from.row.layer) {
        problems.push(
          `src/${file} (layer ${from.row.layer}, ${from.module}) imports src/${target} (layer ${to.row.layer}, ${to.module}): imports point down, never up`,
        );
      }
      if (pure && !typeOnly && mayDoIo(rows, target)) {
        problems.push(
          `src/${file} is pure (not listed as doing I/O) but imports src/${target}, which does I/O`,
        );
      }
    }
  }
  return problems;
}

/**
 * A folder that may use another only through named modules, stated in the doc as "no module under
 * `builder/` imports one under `server/` but `server/build-info.ts`": imports for types included.
 */
interface OnlyThrough {
  readonly from: string;
  readonly to: string;
  readonly through: readonly string[];
}

/** Every "no module under `A` imports one under `B` but `C`" sentence of the doc (`C` may list several). */
export function parseOnlyThroughRules(markdown: string): OnlyThrough[] {
  const sentence =
    /no\s+module\s+under\s+`([^`]+)`\s+imports\s+one\s+under\s+`([^`]+)`\s+but\s+((?:`[^`]+`(?:,\s*|\s+or\s+)?)+)/g;
  return [...markdown.matchAll(sentence)].map((match) => ({
    from: match[1] ?? '',
    to: match[2] ?? '',
    through: [...(match[3] ?? '').matchAll(/`([^`]+)`/g)].map((name) => name[1] ?? ''),
  }));
}

/** Imports that break an "only through" rule, one message each (empty when all hold). */
export function onlyThroughViolations(rules: readonly OnlyThrough[], files: readonly string[]): string[] {
  return rules.flatMap((rule) =>
    files
      .filter((file) => file.startsWith(rule.from))
      .flatMap((file) =>
        importsOf(file).flatMap(({ specifier }) => {
          const target = targetOf(file, specifier);
          if (target === undefined || !target.startsWith(rule.to) || rule.through.includes(target)) return [];
          return [
            `src/${file} imports src/${target}: ${rule.from} uses ${rule.to} only through ${rule.through.join(', ')}`,
          ];
        }),
      ),
  );
}

/**
 * "Who may import what" rules of docs/architecture.md, types aside:
 * - `only \`a/\`, \`b.ts\` … import \`t/\` or \`@pkg/\``: no other module imports a target;
 * - `a module under \`a/\` or \`b/\` imports only \`x/\`, \`y.ts\` …`: its relative imports are those.
 * A name ending in `/` is a folder, one ending in `.ts` a file, anything else a package's prefix.
 */
export interface ImportRule {
  readonly kind: 'only-importers' | 'imports-only';
  readonly importers: readonly string[];
  readonly targets: readonly string[];
}

const CODE_LIST = '((?:`[^`]+`(?:,\\s*|\\s+and\\s+|\\s+or\\s+)?)+)';

function codes(text: string | undefined): string[] {
  return [...(text ?? '').matchAll(/`([^`]+)`/g)].map((name) => name[1] ?? '');
}

export function parseImportRules(markdown: string): ImportRule[] {
  const text = markdown.replace(/\s+/g, ' ');
  const only = new RegExp(`\\bonly ${CODE_LIST} imports? ${CODE_LIST}`, 'gi');
  const importsOnly = new RegExp(`\\ba module under ${CODE_LIST} imports only ${CODE_LIST}`, 'gi');
  return [
    ...[...text.matchAll(only)].map((match) => ({
      kind: 'only-importers' as const,
      importers: codes(match[1]),
      targets: codes(match[2]),
    })),
    ...[...text.matchAll(importsOnly)].map((match) => ({
      kind: 'imports-only' as const,
      importers: codes(match[1]),
      targets: codes(match[2]),
    })),
  ];
}

/** Whether a module (a path under src/) or a package specifier is named by one of `names`. */
function named(names: readonly string[], module: string): boolean {
  return names.some((name) =>
    name.endsWith('/') || !name.endsWith('.ts') ? module.startsWith(name) : module === name,
  );
}

/** Imports that break an import rule, one message each (empty when all hold). */
export function importRuleViolations(rules: readonly ImportRule[], files: readonly string[]): string[] {
  return rules.flatMap((rule) =>
    files.flatMap((file) =>
      importsOf(file)
        .filter((entry) => !entry.typeOnly)
        .flatMap(({ specifier }) => {
          const target = targetOf(file, specifier) ?? specifier;
          const relativeImport = specifier.startsWith('.');
          if (rule.kind === 'only-importers') {
            if (!named(rule.targets, target) || named(rule.importers, file)) return [];
            return [`src/${file} imports ${target}: only ${rule.importers.join(', ')} may`];
          }
          if (!named(rule.importers, file) || !relativeImport || named(rule.targets, target)) return [];
          return [
            `src/${file} imports src/${target}: ${rule.importers.join(', ')} import only ${rule.targets.join(', ')}`,
          ];
        }),
    ),
  );
}

describe('the layers of docs/architecture.md', () => {
  const rows = parseLayerTable(readFileSync(DOC, 'utf8'));
  const files = sourceFiles(SRC);

  test('the table has rows, and every module it names exists', () => {
    expect(rows.length).toBeGreaterThan(5);
    const missing = rows
      .flatMap((row) => [...row.modules, ...(row.io === 'all' ? [] : row.io)])
      .filter(
        (module) => !files.some((file) => (module.endsWith('/') ? file.startsWith(module) : file === module)),
      );
    expect(missing).toEqual([]);
  });

  test('every import in src/ keeps to the layers, and pure modules stay pure', () => {
    expect(layeringViolations(rows, files)).toEqual([]);
  });

  test('the decision, statistics, chart specs, comment and HTML builders are pure', () => {
    const mustBePure = files.filter(
      (file) =>
        /^(compare|stats|report\/specs|report\/comment)\//.test(file) ||
        ['report/comment.ts', 'report/html.ts', 'format.ts'].includes(file),
    );
    expect(mustBePure.length).toBeGreaterThan(20);
    expect(mustBePure.filter((file) => mayDoIo(rows, file))).toEqual([]);
  });

  test('an upward import, an I/O package in a pure module and an unplaced folder are all caught', () => {
    const table: Row[] = [
      { layer: 1, modules: ['stats/'], io: [] },
      { layer: 2, modules: ['compare/'], io: [] },
      { layer: 3, modules: ['report/'], io: ['report/write-report.ts'] },
      { layer: 4, modules: ['commands/'], io: 'all' },
    ];
    // commands/compare.ts imports compare/ and report/: placed below them, its imports point up.
    const fromCommands = layeringViolations(
      table.slice(0, 3).concat([{ layer: 0, modules: ['commands/'], io: 'all' }]),
      ['commands/compare.ts'],
    );
    expect(fromCommands.join('\n')).toMatch(
      /commands\/compare\.ts \(layer 0.*imports src\/compare\/.*point down, never up/,
    );
    const pureIo = layeringViolations(
      [{ layer: 1, modules: ['report/'], io: [] }],
      ['report/write-charts.ts'],
    );
    expect(pureIo.join('\n')).toMatch(/write-charts\.ts is pure .* imports node:fs/);
    expect(layeringViolations(table, ['run/run-suite.ts'])).toEqual([
      'src/run/run-suite.ts is in no row of the table in docs/architecture.md: place its folder in a layer',
    ]);
  });
});

describe('the "only through" rules of docs/architecture.md', () => {
  const rules = parseOnlyThroughRules(readFileSync(DOC, 'utf8'));
  const files = sourceFiles(SRC);

  test('the builder uses the server only through build-info.ts, as the doc says', () => {
    expect(rules).toContainEqual({ from: 'builder/', to: 'server/', through: ['server/build-info.ts'] });
  });

  test('every import in src/ keeps to them, types included', () => {
    expect(onlyThroughViolations(rules, files)).toEqual([]);
  });

  test('an import of another module of the folder is caught, even for types only', () => {
    // commands/build.ts imports server/inspect.ts (for the install check) and builder/ modules.
    const rule = { from: 'commands/build.ts', to: 'server/', through: ['server/build-info.ts'] };
    expect(onlyThroughViolations([rule], ['commands/build.ts'])).toContain(
      'src/commands/build.ts imports src/server/inspect.ts: commands/build.ts uses server/ only through server/build-info.ts',
    );
    // bisect/bisection.ts imports nothing of shell/ but the Logger type.
    const typesOnly = { from: 'bisect/bisection.ts', to: 'shell/', through: ['shell/exec.ts'] };
    expect(onlyThroughViolations([typesOnly], ['bisect/bisection.ts'])).toEqual([
      'src/bisect/bisection.ts imports src/shell/logger.ts: bisect/bisection.ts uses shell/ only through shell/exec.ts',
    ]);
    expect(
      parseOnlyThroughRules(
        'no module under `a/` imports one under `b/` but `b/c.ts`, `b/d.ts` or `b/e.ts`.',
      ),
    ).toEqual([{ from: 'a/', to: 'b/', through: ['b/c.ts', 'b/d.ts', 'b/e.ts'] }]);
  });
});

describe('the import rules of docs/architecture.md', () => {
  const rules = parseImportRules(readFileSync(DOC, 'utf8'));
  const files = sourceFiles(SRC);

  test('the doc states who writes reports, who calls GitHub, and what front ends import', () => {
    expect(rules).toContainEqual({
      kind: 'only-importers',
      importers: ['report/write-charts.ts'],
      targets: ['report/rasterize.ts'],
    });
    const onlyImported = rules
      .filter((rule) => rule.kind === 'only-importers')
      .flatMap((rule) => rule.targets);
    expect(onlyImported).toEqual(
      expect.arrayContaining([
        'report/write-report.ts',
        'report/write-charts.ts',
        'github/',
        '@actions/github',
      ]),
    );
    expect(rules.find((rule) => rule.kind === 'imports-only')?.importers).toEqual(['cli/', 'action/']);
  });

  test('every import in src/ keeps to them', () => {
    expect(importRuleViolations(rules, files)).toEqual([]);
  });

  test('a chart drawn elsewhere, GitHub called from a command, and logic in a front end are caught', () => {
    const charts = parseImportRules('only `report/write-charts.ts` imports `report/rasterize.ts`.');
    expect(importRuleViolations(charts, ['report/write-charts.ts', 'report/write-report.ts'])).toEqual([]);
    const github = parseImportRules('Only `github/` and `sinks/` import `github/` or `@actions/github`.');
    expect(importRuleViolations(github, ['commands/publish.ts'])).toContain(
      'src/commands/publish.ts imports github/find-pull-request.ts: only github/, sinks/ may',
    );
    const frontEnds = parseImportRules(
      'a module under `cli/` imports only `cli/`, `commands/` and `errors.ts`, types aside',
    );
    expect(importRuleViolations(frontEnds, ['cli/history-command.ts'])).toContain(
      'src/cli/history-command.ts imports src/report/history-report.ts: cli/ import only cli/, commands/, errors.ts',
    );
  });
});

/**
 * Where code outside src/flavor/ asks which flavor it has, by name (docs/architecture.md, "Adding a
 * flavor"): a comparison with a flavor's id (`=== 'mariadb'`), a `case 'mysql':`, an object keyed
 * by flavor ids (`{ mariadb: 32, mysql: 100 }`) or a list of them (`['mysql', 'percona']`). Other
 * uses of the same words are not asked: a lone string ('mysql' as a client's name), a longer one
 * ('--db-driver=mysql'), a package ('mysql2'), a key of another name (`mysql_storage_engine`).
 */
export function flavorBranches(file: string, text: string, flavors: readonly string[]): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const isFlavor = (node: ts.Node | undefined): node is ts.StringLiteralLike =>
    node !== undefined && ts.isStringLiteralLike(node) && flavors.includes(node.text);
  const keyOf = (property: ts.ObjectLiteralElementLike): string | undefined => {
    const name = property.name;
    return name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteralLike(name))
      ? name.text
      : undefined;
  };
  const found: string[] = [];
  const report = (node: ts.Node, what: string): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`src/${file}:${line}: ${what}; act on the flavor's description (src/flavor/) instead`);
  };
  const comparisons = new Set([
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ]);
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && comparisons.has(node.operatorToken.kind)) {
      const literal = [node.left, node.right].find(isFlavor);
      if (literal !== undefined) report(node, `compares with the flavor '${literal.text}'`);
    }
    if (ts.isCaseClause(node) && isFlavor(node.expression)) {
      report(node, `a case on the flavor '${node.expression.text}'`);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.map(keyOf).filter((key) => key !== undefined && flavors.includes(key));
      if (keys.length > 0) report(node, `an object keyed by flavor (${keys.join(', ')})`);
    }
    if (ts.isArrayLiteralExpression(node)) {
      const names = node.elements.filter(isFlavor).map((element) => element.text);
      if (names.length > 1) report(node, `a list of flavors (${names.join(', ')})`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('differences by flavor', () => {
  const ids = FLAVORS.map((flavor) => flavor.id);

  test('no module outside src/flavor/ asks which flavor it has by name', () => {
    const outside = sourceFiles(SRC).filter((file) => !file.startsWith('flavor/'));
    expect(outside.length).toBeGreaterThan(100);
    const found = outside.flatMap((file) => flavorBranches(file, readFileSync(join(SRC, file), 'utf8'), ids));
    expect(found).toEqual([]);
  });

  test('a comparison, a case, an object keyed by flavor and a list of flavors are caught', () => {
    const sample = [
      "if (install.flavor === 'mariadb') start();",
      "const other = 'percona' !== flavor;",
      "switch (flavor) { case 'mysql': break; }",
      'const SYSTEM = { mariadb: 32, mysql: 100 };',
      "const quoted = { 'percona': 1 };",
      "const Variant = z.enum(['mysql', 'percona', 'mariadb']);",
    ].join('\n');
    const found = flavorBranches('sample.ts', sample, ids);
    expect(found).toEqual([
      "src/sample.ts:1: compares with the flavor 'mariadb'; act on the flavor's description (src/flavor/) instead",
      "src/sample.ts:2: compares with the flavor 'percona'; act on the flavor's description (src/flavor/) instead",
      "src/sample.ts:3: a case on the flavor 'mysql'; act on the flavor's description (src/flavor/) instead",
      "src/sample.ts:4: an object keyed by flavor (mariadb, mysql); act on the flavor's description (src/flavor/) instead",
      "src/sample.ts:5: an object keyed by flavor (percona); act on the flavor's description (src/flavor/) instead",
      "src/sample.ts:6: a list of flavors (mysql, percona, mariadb); act on the flavor's description (src/flavor/) instead",
    ]);
  });

  test('the same words used for something else are not', () => {
    const sample = [
      "import mysql from 'mysql2';",
      "const client = 'mysql';",
      "const args = ['--db-driver=mysql', 'mysql'];",
      "const prepare = { mysql_storage_engine: 'innodb' };",
      'const same = base.flavor === head.flavor;',
      "switch (bootstrap.program) { case 'script': break; }",
      "const tools = { 'mysql-client': 1 };",
    ].join('\n');
    expect(flavorBranches('sample.ts', sample, ids)).toEqual([]);
  });
});
