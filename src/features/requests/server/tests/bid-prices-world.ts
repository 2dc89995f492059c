import { expect } from 'vitest';
import { createWorkRequest } from '../../../../../tests/factories';
import type { AccountsHarness } from '../../../../../tests/support/accounts-app';

/** Helpers of the tests of a bid's price (bid-prices.test.ts, price-after-hire.test.ts). */

let counter = 0;
/** A client with an open request, and a provider ready to bid on it. */
export async function openRequest(h: AccountsHarness) {
  const client = await h.signedIn('client', { name: 'Klára Klientová' });
  const provider = await h.signedIn('provider');
  const title = `Obklad kúpeľne ${++counter}`;
  const request = await createWorkRequest(
    h.database.db,
    { ...client, name: 'Klára Klientová' },
    { title },
  );
  return { client, provider, request, title };
}

export const threeLines = [
  { label: 'Práca obkladača', kind: 'labour', quantity: 12.5, unit: 'h', unit_price_cents: 2_500 },
  {
    label: 'Lepidlo a škárovačka',
    kind: 'material',
    quantity: 3,
    unit: 'vrece',
    unit_price_cents: 1_990,
  },
  { label: 'Výjazd', kind: 'call_out', quantity: 1, unit: '', unit_price_cents: 1_500 },
];
/** 12.5 × 25 € + 3 × 19.90 € + 15 € */
export const THREE_LINES_CENTS = 31_250 + 5_970 + 1_500;

export const description = 'Obložím kúpeľňu do troch dní, materiál prinesiem.';
export const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The provider's bid on the request (three lines unless told otherwise), placed through the API. */
export async function place(
  provider: Awaited<ReturnType<AccountsHarness['signedIn']>>,
  workRequestId: string,
  extra: object = { lines: threeLines },
) {
  const answer = await provider.agent.post('/api/bids', {
    work_request_id: workRequestId,
    description,
    ...extra,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().bid as { id: string; amount_cents: number; revision: number };
}
