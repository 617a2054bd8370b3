// The helper the integration tests use to require real tools (lives in __tests__/helpers).
import { jest } from '@jest/globals';

import { findCommand, requireCommand } from '../helpers/requirements.js';

const MISSING = 'no-such-tool-for-mysql-perf-gate';

describe('requireCommand', () => {
  const ci = process.env.CI;
  afterEach(() => {
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
    jest.restoreAllMocks();
  });

  it('finds a command on PATH', () => {
    expect(findCommand('sh')).toMatch(/\/sh$/);
    expect(requireCommand('sh')).toBe(true);
  });

  it('skips with a message outside CI', () => {
    delete process.env.CI;
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(requireCommand(MISSING)).toBe(false);
    expect(String(write.mock.calls[0]?.[0])).toContain(`skipping tests that need ${MISSING}`);
  });

  it('fails with a message under CI=true', () => {
    process.env.CI = 'true';
    expect(() => requireCommand(MISSING)).toThrow(`${MISSING} was not found`);
  });
});
