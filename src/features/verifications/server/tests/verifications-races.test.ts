import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, PDF } from '../../../../../tests/factories/files';
import { accountsHarness, type AccountsHarness } from '../../../../../tests/support/accounts-app';
import { whileAccountIsDeleted } from '../../../../../tests/support/deleting-account';
import { verificationDocuments } from '../../../../server/db/schema';

let h: AccountsHarness;
beforeAll(async () => {
  h = await accountsHarness();
});
afterAll(async () => h.close());

type Person = Awaited<ReturnType<AccountsHarness['signedIn']>>;

function upload(who: Person, name: string) {
  const form = new FormData();
  form.set('kind', 'trade_register');
  form.append('file', file(PDF, name, 'application/pdf'));
  return who.agent.form('POST', '/api/verifications', form);
}

describe("a provider's documents, raced", () => {
  it('two uploads at once: the later supersedes the earlier, one waits in the queue', async () => {
    const provider = await h.signedIn('provider');
    const answers = await Promise.all(
      ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => upload(provider, name)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const rows = await h.database.db
      .select({ status: verificationDocuments.status })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.providerId, provider.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'superseded', 'superseded']);
    const admin = await h.signedIn('administrator');
    const queue = (await admin.agent.get('/api/admin/verifications')).json() as {
      documents: { provider_id: string }[];
    };
    expect(queue.documents.filter((row) => row.provider_id === provider.id)).toHaveLength(1);
  });

  it('an upload while the account is being deleted signs out, leaving no file behind', async () => {
    const provider = await h.signedIn('provider');
    const files = h.storedFiles().length;
    const answer = await whileAccountIsDeleted(h.database, provider.id, () =>
      upload(provider, 'v.pdf'),
    );
    expect([answer.statusCode, answer.json().error]).toEqual([401, 'not_authenticated']);
    expect(h.storedFiles()).toHaveLength(files);
  });
});
