import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_MEMORY_FLAGS } from './server-memory.mjs';

describe("the server's memory flags", () => {
  it('are the ones `npm start` puts before the operator’s own NODE_OPTIONS', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(
      `NODE_OPTIONS="${SERVER_MEMORY_FLAGS.join(' ')} $NODE_OPTIONS" node dist/server/main.js`,
    );
  });
});
