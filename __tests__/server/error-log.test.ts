import {
  describeExit,
  diedMessage,
  exitedWhileStarting,
  quoteErrorLog,
  saysAddressInUse,
} from '../../src/server/error-log.js';

describe('saysAddressInUse', () => {
  it.each([
    // MariaDB 10.11, from a real start on a taken port.
    ["[ERROR] Can't start server: Bind on TCP/IP port. Got error: 98: Address already in use", true],
    // MySQL 8.0's wording, from its error message reference (no MySQL server to run here).
    ["[ERROR] [MY-010262] [Server] Can't start server: Bind on TCP/IP port: Address already in use", true],
    ["[ERROR] Unknown suffix 'f' used for variable 'innodb-buffer-pool-size' (value 'foo')", false],
  ])('%s → %s', (text, expected) => {
    expect(saysAddressInUse(text)).toBe(expected);
  });
});

describe('describeExit', () => {
  it.each([
    [1, null, 'exited with status 1'],
    [null, 'SIGKILL', 'was killed by SIGKILL'],
  ] as const)('%s %s', (code, signal, text) => {
    expect(describeExit(code, signal)).toBe(text);
  });
});

describe('quoteErrorLog', () => {
  it('quotes the last 20 non-empty lines', () => {
    const log = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n\n');
    const quoted = quoteErrorLog('/w/error.log', log);
    expect(quoted.startsWith('last lines of its error log (/w/error.log):\nline 11\n')).toBe(true);
    expect(quoted.endsWith('line 30')).toBe(true);
  });

  it('says when the log is empty', () => {
    expect(quoteErrorLog('/w/error.log', '\n')).toBe('its error log (/w/error.log) is empty');
  });
});

describe('the lines of a server that stopped', () => {
  const log = { path: '/w/error.log', text: '2026-11-29 [ERROR] Aborting\n' };

  it('names a running server that died: its pid, how, and its log', () => {
    expect(diedMessage('/usr/sbin/mariadbd', 4242, { code: null, signal: 'SIGKILL' }, log)).toBe(
      'server /usr/sbin/mariadbd (pid 4242) died: it was killed by SIGKILL; last lines of its error log (/w/error.log):\n2026-11-29 [ERROR] Aborting',
    );
    expect(diedMessage('mariadbd', undefined, { code: 1, signal: null }, { path: '/w/e', text: '' })).toBe(
      'server mariadbd (pid ?) died: it exited with status 1; its error log (/w/e) is empty',
    );
  });

  it('names a server that exited while starting', () => {
    expect(exitedWhileStarting('/usr/sbin/mariadbd', { code: 1, signal: null }, log)).toBe(
      'server /usr/sbin/mariadbd exited with status 1 while starting; last lines of its error log (/w/error.log):\n2026-11-29 [ERROR] Aborting',
    );
  });
});
