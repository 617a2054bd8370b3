import { describe, expect, it } from '@jest/globals';

import { checkUntrustedRequest } from '../../src/builder/build-sandbox.js';
import { ACTION_NAMES, CLI_NAMES } from '../helpers/option-names.js';

const names = CLI_NAMES;

describe('checkUntrustedRequest', () => {
  it('lets a trusted build use the store and the default ccache', () => {
    expect(() => {
      checkUntrustedRequest({ ccache: 'auto', store: { dir: '/store', maxBytes: 1 }, names });
    }).not.toThrow();
  });

  it('lets an untrusted build use a ccache of its own, or none', () => {
    expect(() => {
      checkUntrustedRequest({ untrusted: true, ccache: 'auto', ccacheDir: '/cache/pr-7', names });
    }).not.toThrow();
    expect(() => {
      checkUntrustedRequest({ untrusted: true, ccache: 'off', names });
    }).not.toThrow();
  });

  it('refuses an untrusted build the store, which trusted runs reuse', () => {
    expect(() => {
      checkUntrustedRequest({ untrusted: true, ccache: 'off', store: { dir: '/store', maxBytes: 1 }, names });
    }).toThrow('an untrusted build is never stored: drop --store with --untrusted');
  });

  it('refuses an untrusted build the default ccache, which trusted builds share', () => {
    expect(() => {
      checkUntrustedRequest({ untrusted: true, ccache: 'auto', names });
    }).toThrow('--untrusted needs a ccache directory of its own (--ccache-dir, one per pull request)');
    expect(() => {
      checkUntrustedRequest({ untrusted: true, ccache: 'auto', names: ACTION_NAMES });
    }).toThrow(
      'input "untrusted-side" needs a ccache directory of its own (input "ccache-dir", one per pull request), never the default one trusted builds share; or input "ccache" off',
    );
  });
});
