import { describe, expect, it } from 'vitest';
import type { Actor } from '../../shared/actor';
import {
  attachRefusal,
  conversationActions,
  masksContacts,
  openRefusal,
  readOnlyReason,
  writeRefusal,
  type ThreadFacts,
  type ThreadRequestFacts,
} from './conversations.rules';

const client: Actor = { id: 'c', role: 'client' };
const provider: Actor = { id: 'p', role: 'provider' };
const other: Actor = { id: 'q', role: 'provider' };
const admin: Actor = { id: 'a', role: 'administrator' };

const request = (changes: Partial<ThreadRequestFacts> = {}): ThreadRequestFacts => ({
  status: 'OPEN',
  clientId: 'c',
  clientActive: true,
  acceptedProviderId: null,
  ...changes,
});
const thread = (changes: Partial<ThreadFacts> = {}): ThreadFacts => ({
  clientId: 'c',
  providerId: 'p',
  request: request(),
  bidWithdrawn: false,
  bothActive: true,
  blocked: false,
  blockedByViewer: false,
  ...changes,
});
const hired = request({ status: 'ASSIGNED', acceptedProviderId: 'p' });
const opening = (changes: Partial<Parameters<typeof openRefusal>[1]> = {}) => ({
  request: request(),
  providerId: 'p',
  providerHasBid: false,
  providerActive: true,
  ...changes,
});

describe('opening a thread', () => {
  it('a provider asks on an open request of an active client, as themselves', () => {
    expect(openRefusal(provider, opening())).toBeNull();
    expect(openRefusal(provider, opening({ providerId: 'q' }))).toBe('conversation_not_allowed');
    expect(openRefusal(provider, opening({ request: request({ clientActive: false }) }))).toBe(
      'client_disabled',
    );
    expect(openRefusal(provider, opening({ request: request({ status: 'CANCELLED' }) }))).toBe(
      'request_not_open',
    );
    expect(openRefusal(provider, opening({ request: hired }))).toBeNull();
    expect(openRefusal(other, opening({ providerId: 'q', request: hired }))).toBe(
      'request_not_open',
    );
  });

  it('the client writes to a provider who bid, or to the one they hired', () => {
    expect(openRefusal(client, opening())).toBe('conversation_not_allowed');
    expect(openRefusal(client, opening({ providerHasBid: true }))).toBeNull();
    expect(openRefusal(client, opening({ providerHasBid: true, providerActive: false }))).toBe(
      'provider_disabled',
    );
    expect(openRefusal(client, opening({ request: hired, providerHasBid: true }))).toBeNull();
    expect(openRefusal({ id: 'x', role: 'client' }, opening({ providerHasBid: true }))).toBe(
      'conversation_not_allowed',
    );
    expect(openRefusal(admin, opening({ providerHasBid: true }))).toBe('conversation_not_allowed');
  });
});

describe('a thread', () => {
  it('is read-only for each reason, in order', () => {
    expect(readOnlyReason(thread())).toBeNull();
    expect(readOnlyReason(thread({ blocked: true, bothActive: false }))).toBe('blocked');
    expect(readOnlyReason(thread({ bothActive: false }))).toBe('account_disabled');
    expect(readOnlyReason(thread({ request: null }))).toBe('request_deleted');
    expect(readOnlyReason(thread({ request: request({ status: 'CANCELLED' }) }))).toBe(
      'request_cancelled',
    );
    expect(readOnlyReason(thread({ bidWithdrawn: true }))).toBe('bid_withdrawn');
    const lost = request({ status: 'ASSIGNED', acceptedProviderId: 'q' });
    expect(readOnlyReason(thread({ request: lost }))).toBe('request_assigned');
    expect(readOnlyReason(thread({ request: hired }))).toBeNull();
    expect(readOnlyReason(thread({ request: { ...hired, status: 'COMPLETED' } }))).toBeNull();
  });

  it('masks contacts until the hire; files only after it', () => {
    expect(masksContacts(thread())).toBe(true);
    expect(masksContacts(thread({ request: hired }))).toBe(false);
    expect(attachRefusal(client, thread())).toBe('attachments_after_hire');
    expect(attachRefusal(client, thread({ request: hired }))).toBeNull();
    expect(writeRefusal(other, thread())).toBe('conversation_not_found');
    expect(writeRefusal(client, thread({ blocked: true }))).toBe('conversation_blocked');
  });

  it('offers the actions each person may take', () => {
    expect(conversationActions(client, thread())).toEqual(['write', 'report', 'block']);
    expect(conversationActions(provider, thread({ request: hired }))).toEqual([
      'write',
      'attach',
      'report',
      'block',
    ]);
    expect(conversationActions(client, thread({ blocked: true, blockedByViewer: true }))).toEqual([
      'report',
      'unblock',
    ]);
    expect(conversationActions(provider, thread({ blocked: true }))).toEqual(['report']);
    expect(conversationActions(admin, thread())).toEqual([]);
  });
});
