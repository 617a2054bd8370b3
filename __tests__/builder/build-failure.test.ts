// The one line each failed build step is reported by, and the annotation a compile error gets.
import { buildFailure, installFailure } from '../../src/builder/build-failure.js';
import type { Logger, SourceLocation } from '../../src/shell/logger.js';

const LOG = '/work/server.build/build.log';
const BUILD_DIR = '/work/server.build';
const TREE = '/work/server';

/** A logger that keeps annotations and fails the test on anything else. */
function annotatingLogger(): { logger: Logger; annotations: [string, SourceLocation][] } {
  const annotations: [string, SourceLocation][] = [];
  const unexpected = (message: string): void => {
    throw new Error(`unexpected log line: ${message}`);
  };
  const logger: Logger = {
    info: unexpected,
    warning: unexpected,
    error: unexpected,
    debug: unexpected,
    progress: unexpected,
    annotate: (message, location) => annotations.push([message, location]),
    group: (_name, fn) => fn(),
  };
  return { logger, annotations };
}

describe('buildFailure', () => {
  it('names a compile error by its path in the tree, resolved from the build directory', () => {
    const { logger, annotations } = annotatingLogger();
    const text = [
      '[1/2] Building C object CMakeFiles/mariadbd.dir/sql/main.c.o',
      'FAILED: CMakeFiles/mariadbd.dir/sql/main.c.o',
      '../server/sql/main.c:4:3: error: expected ‘;’ before ‘return’',
      'ninja: build stopped: subcommand failed.',
      '',
    ].join('\n');
    expect(buildFailure(text, LOG, BUILD_DIR, TREE, logger)).toBe(
      `compile error: sql/main.c:4: expected ‘;’ before ‘return’; full log: ${LOG}`,
    );
    expect(annotations).toEqual([
      ['expected ‘;’ before ‘return’', { file: '/work/server/sql/main.c', line: 4, column: 3 }],
    ]);
  });

  it('keeps the path as the compiler printed it when the file is outside the tree', () => {
    const { logger, annotations } = annotatingLogger();
    const text = '/usr/include/stdio.h:10:1: error: unknown type name ‘bad’\n';
    expect(buildFailure(text, LOG, BUILD_DIR, TREE, logger)).toBe(
      `compile error: /usr/include/stdio.h:10: unknown type name ‘bad’; full log: ${LOG}`,
    );
    expect(annotations).toHaveLength(1);
  });

  it('reports a link error without annotating it: there is no source line to point at', () => {
    const { logger, annotations } = annotatingLogger();
    const text = [
      "/usr/bin/ld: /tmp/ccUYvFTN.o: in function `main':",
      "link.c:(.text+0x5): undefined reference to `foo'",
      'collect2: error: ld returned 1 exit status',
      '',
    ].join('\n');
    expect(buildFailure(text, LOG, BUILD_DIR, TREE, logger)).toBe(
      `link error: /tmp/ccUYvFTN.o: undefined reference to \`foo'; full log: ${LOG}`,
    );
    expect(annotations).toEqual([]);
  });

  it('falls back to the failed target and the last line', () => {
    const { logger } = annotatingLogger();
    const text = 'FAILED: sql/gen_lex_hash\nsomething went wrong\n';
    expect(buildFailure(text, LOG, BUILD_DIR, TREE, logger)).toBe(
      `build failed at sql/gen_lex_hash: something went wrong; full log: ${LOG}`,
    );
    expect(buildFailure('', LOG, BUILD_DIR, TREE, logger)).toBe(
      `build failed: (no output); full log: ${LOG}`,
    );
  });
});

describe('installFailure', () => {
  it("names the prefix, CMake's last error (all its lines) and the log", () => {
    expect(installFailure('-- Installing: x\nCMake Error: cannot copy\n', '/b/install.log', '/opt/s')).toBe(
      'install into /opt/s failed: cannot copy; full log: /b/install.log',
    );
    const readOnly =
      '-- Install configuration: "RelWithDebInfo"\nCMake Error at b/cmake_install.cmake:52 (file):\n' +
      '  file cannot create directory: /opt/s/bin.  Maybe need\n  administrative privileges.\n\n\n';
    expect(installFailure(readOnly, '/b/install.log', '/opt/s')).toBe(
      'install into /opt/s failed: file cannot create directory: /opt/s/bin. Maybe need administrative privileges.; full log: /b/install.log',
    );
    expect(installFailure('-- Installing: x\nsomething else\n', '/b/install.log', '/opt/s')).toBe(
      'install into /opt/s failed: something else; full log: /b/install.log',
    );
    expect(installFailure('', '/b/install.log', '/opt/s')).toBe(
      'install into /opt/s failed: (no output); full log: /b/install.log',
    );
  });
});
