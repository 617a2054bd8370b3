import { describe, expect, it } from '@jest/globals';

import { checkTrustedOptions } from '../../src/run/preflight.js';
import type { RunConfig } from '../../src/run/run-config.js';

function config(untrusted: boolean): RunConfig {
  const side = (name: 'base' | 'head', isUntrusted: boolean) => ({
    name,
    server: `/${name}`,
    options: {},
    labels: { server: `--${name}`, options: `--${name}-set` },
    ...(isUntrusted ? { untrusted: true } : {}),
  });
  return { sides: [side('base', false), side('head', untrusted)] } as unknown as RunConfig;
}

describe('checkTrustedOptions', () => {
  const options: Record<string, string>[] = [
    { plugin_dir: '/src/head/plugins', innodb_buffer_pool_size: '1G' },
    { plugin_dir: '/x' },
  ];

  it("refuses a path among the trusted side's options when a side is untrusted", () => {
    expect(() => {
      checkTrustedOptions(config(true), options);
    }).toThrow(
      "plugin_dir=/src/head/plugins: with an untrusted side, the trusted base's server takes no option that names a path",
    );
  });

  it('lets the untrusted side have paths (it is sandboxed), and a run without an untrusted side any', () => {
    expect(() => {
      checkTrustedOptions(config(true), [{ innodb_buffer_pool_size: '1G' }, { plugin_dir: '/x' }]);
    }).not.toThrow();
    expect(() => {
      checkTrustedOptions(config(false), options);
    }).not.toThrow();
  });
});
