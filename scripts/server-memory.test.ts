import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_LINE_FLAGS, NODE_OPTIONS_FLAGS } from './server-memory.mjs';

describe("the server's memory flags", () => {
  it('are the ones `npm start` puts before the operator’s own NODE_OPTIONS, and on its command line', () => {
    const { scripts } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe(
      `NODE_OPTIONS="${NODE_OPTIONS_FLAGS.join(' ')} $NODE_OPTIONS" node ${COMMAND_LINE_FLAGS.join(' ')} dist/server/main.js`,
    );
  });
});
