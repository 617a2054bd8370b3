// Finds, in configure and build logs of thousands of lines, the one line that says why a build
// failed: the first compiler or linker error, the failing ninja edge, the first CMake error, or a
// download that an offline machine could not make. Pure: the `build` command reads the logs and
// decides what to print.
//
// The formats are those of real output (gcc 12, clang 14 and 16, GNU ld and gold, ninja 1.11,
// CMake 3.25) and the wording of MariaDB 10.11 and MySQL 8.0 CMake scripts; the tests quote them.

export interface CompileError {
  file: string;
  line: number;
  column?: number;
  message: string;
  /** the verbatim line */
  text: string;
}

export interface DownloadAttempt {
  /** The URL that failed, or, when the log names none, the file it was downloading into. */
  url: string;
  /** what it was fetching, e.g. "libfmt" */
  what: string;
  /** one-line advice naming the CMake option and the Debian package, e.g. "pass -DWITH_LIBFMT=system (Debian: libfmt-dev)" */
  hint: string;
}

// CSI sequences (colours, erase-line) and OSC sequences (gcc's hyperlinks for warning options).
// eslint-disable-next-line no-control-regex -- matching escape characters is the point
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

/** The text without terminal escapes: compilers colour their output when asked to, ninja its FAILED. */
function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Lines of a log; a bare CR counts as a line end because ninja rewrites its status line with it. */
function logLines(log: string): string[] {
  return stripAnsi(log).split(/\r\n|\r|\n/);
}

// --- compiler and linker errors -------------------------------------------------------------

// "path:line:col: error: msg" and "path:line:col: fatal error: msg" (gcc and clang); the column
// is missing with -fno-show-column. The path starts the line: indented lines are source quotes
// and "inlined from … at x.cc:12:5:" context, and neither ends in an error.
const DIAGNOSTIC = /^(\S.*?):(\d+):(?:(\d+):)? (?:fatal )?error: (.*)$/;

/**
 * The first compiler diagnostic of severity error/fatal error in a build log (gcc and clang
 * formats). Warnings, notes and "In file included from" lines are skipped. When there is no
 * file:line diagnostic but the linker failed, the first undefined-reference/linker line, with
 * file = the object file (or "ld") and line 0. Undefined when nothing matches.
 */
export function firstCompileError(log: string): CompileError | undefined {
  const lines = logLines(log);
  for (const text of lines) {
    const match = DIAGNOSTIC.exec(text);
    if (!match) continue;
    const [, file = '', line = '', column, message = ''] = match;
    return {
      file,
      line: Number(line),
      ...(column === undefined ? {} : { column: Number(column) }),
      message: message.trim(),
      text,
    };
  }
  return firstLinkError(lines);
}

// What the linker said went wrong, most specific first. GNU ld (bfd) writes
// "main.c:(.text+0x5): undefined reference to `foo'" (with -g "src/main.c:2: undefined …"),
// gold "x.o:main.c:function main: error: undefined reference to 'foo'", lld "ld.lld: error: …".
const LINK_DETAIL = [
  /\b(undefined reference to .*)$/,
  /\b(multiple definition of .*)$/,
  /\bld(?:\.\w+)?: error: (.*)$/,
  /\bld(?:\.\w+)?: (cannot find .*)$/,
];
// The drivers' closing words: there may be nothing more specific before them.
const LINK_FAILED = [
  /\bcollect2: error: (ld returned .*)$/,
  /\bclang(?:\+\+)?(?:-\d+)?: error: (linker command failed.*)$/,
];
// GNU ld names the object before the undefined references in it: "/usr/bin/ld: x.o: in function `main':".
const IN_OBJECT = /^(?:\S*\/)?ld(?:\.\w+)?: (.+?): in function /;
// gold puts the object first on the error line itself.
const GOLD_OBJECT = /^([^:\s]+\.o):/;

function firstLinkError(lines: readonly string[]): CompileError | undefined {
  let object: string | undefined;
  for (const text of lines) {
    const named = IN_OBJECT.exec(text);
    if (named) {
      object = named[1];
      continue;
    }
    const message = firstGroup(LINK_DETAIL, text);
    if (message !== undefined) {
      const file = object ?? GOLD_OBJECT.exec(text)?.[1] ?? 'ld';
      return { file, line: 0, message: message.trim(), text };
    }
  }
  for (const text of lines) {
    const message = firstGroup(LINK_FAILED, text);
    if (message !== undefined) return { file: 'ld', line: 0, message: message.trim(), text };
  }
  return undefined;
}

function firstGroup(patterns: readonly RegExp[], text: string): string | undefined {
  for (const pattern of patterns) {
    const group = pattern.exec(text)?.[1];
    if (group !== undefined) return group;
  }
  return undefined;
}

// --- ninja ----------------------------------------------------------------------------------

// "FAILED: out1 out2"; ninja 1.12 and later put the exit code first: "FAILED: [code=1] out1".
const FAILED = /^FAILED: (?:\[code=\d+\] )?(\S+)/;

/**
 * The failing ninja edge: the first output named on the first "FAILED: " line, or undefined.
 * Ninja lists every output of the edge; CMake gives custom commands both a relative and an
 * absolute stamp path, and the first, relative one is the one worth showing.
 */
export function failedTarget(log: string): string | undefined {
  for (const line of logLines(log)) {
    const match = FAILED.exec(line);
    if (match) return match[1];
  }
  return undefined;
}

const STATUS = /^\[(\d+)\/(\d+)\] (.+)$/;

/** Ninja's status line "[123/1296] Building CXX object sql/…" → {done, total, what}; undefined for other lines. */
export function ninjaProgress(line: string): { done: number; total: number; what: string } | undefined {
  // On a terminal ninja rewrites one line: "\r[1/5] A\x1b[K\r[2/5] B"; the last one is current.
  const current = stripAnsi(line)
    .split('\r')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .pop();
  const match = current === undefined ? null : STATUS.exec(current);
  if (!match) return undefined;
  const [, done = '', total = '', what = ''] = match;
  return { done: Number(done), total: Number(total), what };
}

/** The object a ninja step compiles ("Building CXX object sql/CMakeFiles/sql.dir/sql_parse.cc.o"). */
export function compiledObject(what: string): string | undefined {
  return /^Building (?:C|CXX|ASM) object (\S+)/.exec(what)?.[1];
}

// --- downloads ------------------------------------------------------------------------------

// Signs that fetching something failed (a download that worked is no reason for a failure):
// ExternalProject's download and git-clone scripts, file(DOWNLOAD … EXPECTED_HASH) and MySQL's
// cmake/boost.cmake, which stops with "You can download it with -DDOWNLOAD_BOOST=1" when Boost
// is missing and DOWNLOAD_BOOST is off.
const DOWNLOAD_FAILED = [
  /\berror: downloading '/,
  /\bEach download failed!/,
  /\bfile DOWNLOAD HASH mismatch\b/,
  // ExternalProject's verify step: the server answered, with something else (a proxy's page).
  /\bdoes not match expected value\b/,
  /^fatal: unable to access '/,
  /\bFailed to clone repository\b/,
  /^-- Download failed, error:/,
  /-DDOWNLOAD_BOOST=1\b/,
  /\bYou can try downloading\b/,
  /\bBoost download failed\b/i,
];

const URL_PATTERN = /\b(?:https?|ftp):\/\/[^\s'"<>\])]+/;
// The file a download was going into, for file(DOWNLOAD) errors that do not repeat the URL.
const DESTINATION = /^\s*(?:for file: \[([^\]]+)\]|dst='([^']+)')/;
// How many lines before and after the failure may name what failed: enough for ExternalProject's
// six attempts and MySQL's wrapped message, few enough not to reach unrelated lines of a long log.
const NEARBY = 30;

interface KnownSource {
  readonly what: string;
  readonly test: RegExp;
  readonly hint: (log: string) => string;
}

// What MariaDB and MySQL download when told to bundle a library, and how to avoid it.
const KNOWN_SOURCES: readonly KnownSource[] = [
  // MariaDB cmake/libfmt.cmake: github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip.
  {
    what: 'libfmt',
    test: /fmtlib|libfmt|\bfmt-\d/i,
    hint: () => 'pass -DWITH_LIBFMT=system (Debian: libfmt-dev)',
  },
  // MariaDB cmake/pcre.cmake: github.com/PCRE2Project/pcre2 (ftp.pcre.org in older releases).
  { what: 'pcre2', test: /pcre/i, hint: () => 'pass -DWITH_PCRE=system (Debian: libpcre2-dev)' },
  // MariaDB extra/aws_sdk: a git clone of github.com/awslabs/aws-sdk-cpp for the AWS KMS plugin.
  {
    what: 'aws-sdk-cpp',
    test: /aws-sdk-cpp|aws_sdk/i,
    hint: () => 'pass -DPLUGIN_AWS_KEY_MANAGEMENT=NO (the AWS key management plugin needs the SDK)',
  },
  // MySQL/Percona 8.0 cmake/boost.cmake: archives.boost.io, earlier boostorg.jfrog.io and sourceforge.
  { what: 'Boost', test: /boost/i, hint: boostHint },
];

/**
 * A CMake/ExternalProject/file(DOWNLOAD) attempt to fetch something from the network that
 * failed, found in a configure or build log, with the option that avoids it.
 */
export function downloadAttempt(log: string): DownloadAttempt | undefined {
  const lines = logLines(log);
  const failure = lines.findIndex((line) => DOWNLOAD_FAILED.some((pattern) => pattern.test(line)));
  if (failure < 0) return undefined;
  const nearby = around(lines, failure);
  const destination = firstMatch(nearby, DESTINATION);
  const url = firstMatch(nearby, URL_PATTERN)?.[0] ?? destination?.[1] ?? destination?.[2];
  if (url === undefined) return undefined;
  const context = `${url} ${lines[failure] ?? ''}`;
  const known = KNOWN_SOURCES.find((source) => source.test.test(context));
  if (known) return { url, what: known.what, hint: known.hint(log) };
  return {
    url,
    what: hostOf(url),
    hint: `this build tried to download ${url} and the machine may be offline; provide it locally or turn off the option that needs it`,
  };
}

/**
 * The lines around a failure, nearest first: the failure line, the lines before it (ExternalProject
 * prints "-- Using src='URL'" before its error), then those after it (MySQL's messages, which wrap
 * the URL onto a line of its own).
 */
function around(lines: readonly string[], failure: number): string[] {
  const before = lines.slice(Math.max(0, failure - NEARBY), failure + 1).reverse();
  return [...before, ...lines.slice(failure + 1, failure + 1 + NEARBY)];
}

function firstMatch(lines: readonly string[], pattern: RegExp): RegExpExecArray | undefined {
  for (const line of lines) {
    const match = pattern.exec(line);
    if (match) return match;
  }
  return undefined;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    // A file path: name the file.
    return url.split('/').pop() ?? url;
  }
}

function boostHint(log: string): string {
  // MySQL needs exactly the Boost its cmake/boost.cmake names, e.g. boost_1_77_0 for 8.0.3x.
  const wanted = /boost_1_\d+_\d+/.exec(log)?.[0] ?? 'boost_1_NN_0';
  return `pass -DWITH_BOOST=<directory containing ${wanted}> (a mysql-boost source tarball ships it) and keep -DDOWNLOAD_BOOST=OFF`;
}

// --- CMake errors ---------------------------------------------------------------------------

// "CMake Error at cmake/libfmt.cmake:44 (MESSAGE):" and, at generate time, "CMake Error in x:".
const CMAKE_ERROR_AT = /^CMake Error (?:at (.+):(\d+) \([^)]*\)|in (.+)):\s*$/;
const CMAKE_ERROR_LINE = /^CMake Error: (.*)$/;
// "  /usr/share/cmake-3.25/Modules/FindCurses.cmake:268 (FIND_PACKAGE_HANDLE_STANDARD_ARGS)"
const STACK_FRAME = /^\s+(.+):(\d+) \([^)]*\)\s*$/;
// CMake's own modules: an error raised there is about the project file that called them.
const CMAKE_MODULE = /\/share\/cmake(?:-[\d.]+)?\/Modules\//;
// Long messages (a failed download's curl log) are cut: the summary is one line.
const MAX_MESSAGE = 300;

interface KnownCmakeError {
  readonly test: RegExp;
  readonly hint: (match: RegExpExecArray, log: string) => string;
}

// Messages seen when a library or tool is missing, in MariaDB's or CMake's wording.
const KNOWN_CMAKE_ERRORS: readonly KnownCmakeError[] = [
  {
    test: /system libfmt library is not found or unusable/,
    hint: () => 'install libfmt-dev, or pass -DWITH_LIBFMT=bundled on a machine with internet access',
  },
  {
    test: /system pcre2-8 library is not found or unusable/,
    hint: () => 'install libpcre2-dev, or pass -DWITH_PCRE=bundled on a machine with internet access',
  },
  {
    // MariaDB: "… for SSL. Use WITH_SSL=bundled …"; MySQL: "… for WITH_SSL=system."
    test: /Could NOT find OpenSSL|Cannot find appropriate system libraries for/,
    hint: () => 'install libssl-dev',
  },
  { test: /Could NOT find Curses|Curses library not found/, hint: () => 'install libncurses-dev' },
  { test: /Could NOT find BISON|Bison executable not found/i, hint: () => 'install bison' },
  {
    // MySQL cmake/zstd.cmake, lz4.cmake: -DWITH_ZSTD=system without the -dev package. Every such
    // library is in MySQL's tree (extra/), which the tool's defaults use.
    test: /Cannot find system (\w+) libraries/,
    hint: (match) => {
      const name = match[1] ?? 'the';
      return `MySQL bundles ${name} in extra/: pass -DWITH_${name.toUpperCase()}=bundled (the default here), or install its -dev package (Debian: lib${name}-dev)`;
    },
  },
  {
    // MySQL cmake/rpc.cmake: Sun RPC moved out of glibc into libtirpc.
    test: /Could not find rpc\/rpc\.h/,
    hint: () => 'install libtirpc-dev',
  },
  {
    test: /The CMAKE_(?:C|CXX)_COMPILER: (\S+) is not a full path to an existing compiler tool/,
    hint: (match) =>
      `the compiler path is wrong: ${match[1] ?? 'it'} does not exist; choose an installed gcc or clang as the compiler`,
  },
  {
    test: /unable to find a build program corresponding to "Ninja"/,
    hint: () => 'install ninja (Debian: ninja-build)',
  },
  {
    // A git checkout without its submodules (MariaDB cmake/submodules.cmake, cmake/wsrep.cmake).
    test: /No MariaDB (?:Connector\/C|wsrep-API code)!/,
    hint: () =>
      'the source tree lacks its git submodules; run git submodule update --init --recursive in it, or build from a release tarball',
  },
  {
    // MySQL cmake/boost.cmake, Boost missing or its download failed.
    test: /-DDOWNLOAD_BOOST=1|You can try downloading \S*boost/i,
    hint: (_match, log) => boostHint(log),
  },
];

/**
 * The first "CMake Error at FILE:LINE (...):" block (or "CMake Error:" line) as one line:
 * "cmake/libfmt.cmake:44: system libfmt library is not found or unusable", message lines joined
 * with single spaces, plus a hint when the message is a known one.
 */
export function cmakeError(log: string): { summary: string; hint?: string } | undefined {
  const lines = logLines(log);
  for (const [index, line] of lines.entries()) {
    const plain = CMAKE_ERROR_LINE.exec(line);
    if (plain) return withHint(oneLine(plain[1] ?? ''), '', log);
    const at = CMAKE_ERROR_AT.exec(line);
    if (!at) continue;
    const block = errorBlock(lines, index + 1);
    const where = at[3] ?? callerOf(at[1] ?? '', at[2] ?? '', block.stack);
    return withHint(oneLine(block.message.join(' ')), where, log);
  }
  return undefined;
}

/** The indented lines after a "CMake Error at" header: the message, then the call stack. */
function errorBlock(lines: readonly string[], start: number): { message: string[]; stack: string[] } {
  const message: string[] = [];
  const stack: string[] = [];
  let inStack = false;
  for (const line of lines.slice(start)) {
    if (line.startsWith('Call Stack (most recent call first):')) {
      inStack = true;
      continue;
    }
    // The block ends at the first line that is neither blank nor indented ("-- Configuring …").
    if (line.trim() !== '' && !/^\s/.test(line)) break;
    if (line.trim() !== '') (inStack ? stack : message).push(line);
  }
  return { message, stack };
}

/** FILE:LINE of the error, or of the first caller outside CMake's own modules when it was raised in one. */
function callerOf(file: string, line: string, stack: readonly string[]): string {
  if (!CMAKE_MODULE.test(file)) return `${file}:${line}`;
  for (const frame of stack) {
    const match = STACK_FRAME.exec(frame);
    if (match && !CMAKE_MODULE.test(match[1] ?? '')) return `${match[1] ?? ''}:${match[2] ?? ''}`;
  }
  return `${file}:${line}`;
}

function withHint(message: string, where: string, log: string): { summary: string; hint?: string } {
  const summary = [where, shorten(message)].filter((part) => part !== '').join(': ');
  for (const known of KNOWN_CMAKE_ERRORS) {
    const match = known.test.exec(message);
    if (match) return { summary, hint: known.hint(match, log) };
  }
  return { summary };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string): string {
  if (text.length <= MAX_MESSAGE) return text;
  const cut = text.slice(0, MAX_MESSAGE);
  const space = cut.lastIndexOf(' ');
  return `${space > 0 ? cut.slice(0, space) : cut}…`;
}
