import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer';

const card = z.object({ id: z.uuid(), created_at: z.iso.datetime(), bid_count: z.number().int() });
const ID = '3f0c9a52-8d1e-4b7a-9f6e-2c4d5b6a7e81';

/** A one-route app answering `answer` under the `card` response schema. */
async function answering(answer: unknown, checked: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(checked));
  app.get('/card', { schema: { response: { 200: card } } }, async () => answer as never);
  const response = await app.inject({ url: '/card' });
  await app.close();
  return response;
}

describe('response serializer', () => {
  const exact = { id: ID, created_at: '2026-11-23T10:00:00.000Z', bid_count: 2 };

  it('sends an answer of exactly the schema shape the same way, checked or not', async () => {
    const checked = await answering(exact, true);
    const unchecked = await answering(exact, false);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual(exact);
    expect(unchecked.body).toBe(checked.body);
  });

  it('checked, refuses an answer that breaks the schema', async () => {
    const response = await answering({ ...exact, id: 'not-a-uuid' }, true);
    expect(response.statusCode).toBe(500);
  });

  it('checked, refuses a field the schema does not declare, which unchecked would leak', async () => {
    const leaky = { ...exact, password_hash: 'scrypt$…' };
    expect((await answering(leaky, true)).statusCode).toBe(500);
    expect((await answering(leaky, false)).json()).toHaveProperty('password_hash');
  });
});
