import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The `max-lines` messages the project's own lint gives for `code` in `file`. */
async function maxLinesErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'max-lines')
    .map((message) => message.message);
}

/** A file of `count` lines ending in a newline; blank and comment lines count too. */
function linesOf(count: number) {
  const kinds = ['export const a{i} = {i};', '// a comment', ''];
  const lines = Array.from({ length: count }, (_, i) => kinds[i % 3]!.replaceAll('{i}', `${i}`));
  return `${lines.join('\n')}\n`;
}

describe('no file over 400 lines in the lint', () => {
  it('refuses a planted file of 401 lines, blank and comment lines counted', async () => {
    const [message] = await maxLinesErrors('src/features/requests/server/example.ts', linesOf(401));
    expect(message).toMatch(/401.*Maximum allowed is 400/);
  });

  it('refuses it in tests, screens and scripts alike', async () => {
    for (const file of [
      'tests/integration/example.test.ts',
      'src/features/requests/server/tests/example.test.ts',
      'src/features/requests/ui/Example.tsx',
      'scripts/example.mjs',
    ]) {
      expect(await maxLinesErrors(file, linesOf(401))).toHaveLength(1);
    }
  });

  it('takes a file of exactly 400 lines', async () => {
    expect(await maxLinesErrors('src/features/requests/server/example.ts', linesOf(400))).toEqual(
      [],
    );
  });
});
