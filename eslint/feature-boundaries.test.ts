import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages the project's own lint configuration gives for `code` in `file`. */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'majstri/feature-boundaries')
    .map((message) => message.message);
}

describe('feature boundaries in the lint', () => {
  it("refuses another feature's repo and tables", async () => {
    const file = 'src/features/bids/server/example.ts';
    expect(
      await boundaryErrors(
        file,
        "export { findRequest } from '../../requests/server/requests.repo';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        file,
        "export { workRequests } from '../../requests/server/requests.table';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        file,
        "export { canSeeProviderPicture } from '../../providers/server/providers.policy';\n",
      ),
    ).toHaveLength(1);
  });

  it('refuses the schema barrel in application code', async () => {
    const [message] = await boundaryErrors(
      'src/features/requests/server/example.ts',
      "export { bids } from '../../../server/db/schema';\n",
    );
    expect(message).toMatch(/barrel/);
  });

  it("allows another feature's service and server/index.ts, and its own repo", async () => {
    const file = 'src/features/bids/server/example.ts';
    expect(
      await boundaryErrors(
        file,
        [
          "export { lockRequestFacts } from '../../requests/server';",
          "export { viewRequest } from '../../requests/server/requests.service';",
          "export { findBid } from './bids.repo';",
          "export { placeBidRefusal } from '../../requests/requests.rules';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('lets a table reference another feature’s table for its foreign keys', async () => {
    expect(
      await boundaryErrors(
        'src/features/bids/server/bids.table.ts',
        "export { workRequests } from '../../requests/server/requests.table';\n",
      ),
    ).toEqual([]);
  });
});
