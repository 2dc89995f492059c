import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { SERVER_BUNDLE } from './server-bundle.mjs';

const MAIN = path.join(SERVER_BUNDLE.outdir, 'main.js');

/** The source files of `main.js` and of every chunk it imports, statically or with import(). */
function sourcesOf(outputs: Metafile['outputs'], kinds: readonly string[]): Set<string> {
  const files = new Set<string>();
  const waiting = [MAIN];
  for (let file = waiting.pop(); file !== undefined; file = waiting.pop()) {
    if (files.has(file)) continue;
    files.add(file);
    for (const imported of outputs[file]!.imports) {
      if (!imported.external && kinds.includes(imported.kind)) waiting.push(imported.path);
    }
  }
  return new Set([...files].flatMap((file) => Object.keys(outputs[file]!.inputs)));
}

describe('the server bundle', () => {
  it('keeps the demo content out of what every start loads, in a chunk of its own', async () => {
    const { metafile } = await build({
      ...SERVER_BUNDLE,
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const demo = (file: string) => /^src\/server\/db\/demo-/.test(file);

    const atStart = sourcesOf(metafile.outputs, ['import-statement']);
    expect(atStart).toContain('src/server/env.ts');
    expect([...atStart].filter(demo)).toEqual([]);

    const whenAsked = sourcesOf(metafile.outputs, ['import-statement', 'dynamic-import']);
    expect([...whenAsked].filter(demo).sort()).toEqual([
      'src/server/db/demo-data.json',
      'src/server/db/demo-data.ts',
      'src/server/db/demo-seed.ts',
    ]);
  });
});
