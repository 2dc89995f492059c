import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of one of our rules that the project's own lint gives for `code` in `file`. */
async function errorsOf(rule: 'feature-boundaries' | 'no-cycle', file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === `majstri/${rule}`)
    .map((message) => message.message);
}

const boundaryErrors = (file: string, code: string) => errorsOf('feature-boundaries', file, code);

describe('one direction in the lint', () => {
  it("refuses another feature's repo, service, presenter and policy", async () => {
    const file = 'src/features/reviews/server/example.ts';
    for (const target of [
      '../../requests/server/requests.repo',
      '../../requests/server/requests.service',
      '../../requests/server/requests.presenter',
      '../../accounts/server/accounts.policy',
    ]) {
      expect(await boundaryErrors(file, `export { x } from '${target}';\n`)).toHaveLength(1);
    }
  });

  it('refuses the schema barrel in application code', async () => {
    const [message] = await boundaryErrors(
      'src/features/requests/server/example.ts',
      "export { bids } from '../../../server/db/schema';\n",
    );
    expect(message).toMatch(/barrel/);
  });

  it("allows a lower feature's server/index.ts and tables.ts, and a feature's own files", async () => {
    expect(
      await boundaryErrors(
        'src/features/providers/server/example.ts',
        [
          "export { hiresOf } from '../../requests/server';",
          "export { ratingOf } from '../../reviews/server/index';",
          "export { workRequests } from '../../requests/server/tables';",
          "export { findProvider } from './providers.repo';",
          "export { reviewBody } from '../../reviews/reviews.schema';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuses an import up the order: accounts < requests < reviews < providers', async () => {
    const upward = [
      [
        'src/features/accounts/server/example.ts',
        "export { hiresOf } from '../../requests/server';",
      ],
      [
        'src/features/accounts/accounts.schema.ts',
        "export { x } from '../providers/providers.schema';",
      ],
      [
        'src/features/requests/server/example.ts',
        "export { ratingOf } from '../../reviews/server';",
      ],
      [
        'src/features/reviews/server/example.ts',
        "export { viewProvider } from '../../providers/server';",
      ],
    ];
    for (const [file, code] of upward) {
      const [message] = await boundaryErrors(file!, `${code}\n`);
      expect(message).toMatch(/may not depend on/);
    }
    // Screens compose pages across features and are not ordered.
    expect(
      await boundaryErrors(
        'src/features/accounts/ui/Example.tsx',
        "export { MyBidsTab } from '../../requests/ui/MyBidsTab';\n",
      ),
    ).toEqual([]);
  });

  it('keeps workflows above the features', async () => {
    const [message] = await boundaryErrors(
      'src/features/accounts/server/example.ts',
      "export { deleteAccount } from '../../../server/workflows/delete-account';\n",
    );
    expect(message).toMatch(/workflow/);
    expect(
      await boundaryErrors(
        'src/server/workflows/example.ts',
        "export { findUserById } from '../../features/accounts/server';\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'src/server/workflows/example.ts',
        "export { findUserById } from '../../features/accounts/server/accounts.repo';\n",
      ),
    ).toHaveLength(1);
  });

  it('reads imports written from the root as well as relative ones', async () => {
    for (const specifier of [
      'src/features/requests/server/requests.repo',
      '/src/features/requests/server/requests.repo',
      '@/features/requests/server/requests.repo',
    ]) {
      expect(
        await boundaryErrors(
          'src/features/providers/server/example.ts',
          `export { findRequest } from '${specifier}';\n`,
        ),
      ).toHaveLength(1);
    }
    const [message] = await boundaryErrors(
      'src/features/accounts/server/example.ts',
      "export { hiresOf } from 'src/features/requests/server';\n",
    );
    expect(message).toMatch(/may not depend on/);
  });

  it('finds a planted import cycle, type-only imports included', async () => {
    // requests.service imports accounts' index; accounts importing requests back closes a circle.
    const [cycle] = await errorsOf(
      'no-cycle',
      'src/features/accounts/server/accounts.repo.ts',
      "import type { viewRequest } from '../../requests/server/requests.service';\nexport type X = typeof viewRequest;\n",
    );
    expect(cycle).toMatch(/closes a cycle: src\/features\/accounts\/server\/accounts\.repo\.ts → /);
    // Without the planted import the same file closes nothing.
    expect(
      await errorsOf(
        'no-cycle',
        'src/features/accounts/server/accounts.repo.ts',
        "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
      ),
    ).toEqual([]);
  });
});
