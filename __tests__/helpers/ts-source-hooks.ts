// Loaded with `node --import` by sourceCli (source-cli.ts): the sources import each other as
// `./x.js`, as compiled output would; this finds `./x.ts` instead, so Node runs src/ as it is.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (parent?.endsWith('.ts') && specifier.startsWith('.') && specifier.endsWith('.js')) {
      const candidate = new URL(`${specifier.slice(0, -'.js'.length)}.ts`, parent);
      if (existsSync(fileURLToPath(candidate))) return nextResolve(candidate.href, context);
    }
    return nextResolve(specifier, context);
  },
});
