import { describe, expect, it } from 'vitest';
import {
  adminRequestFilters,
  adminUserFilters,
  alertsQuery,
  auditFilters,
  auditsQuery,
} from './admin.schema';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? [];

/** The audit search form as it opens: every text empty, the actor type at "All". */
const blank = { request_id: '', action: '', actor_id: '', actor_type: '' };

describe('the audit filters', () => {
  it('take the form as it opens, actor type "All" included, as no filter at all', () => {
    expect(auditFilters.parse(blank)).toEqual({});
    expect(auditsQuery.parse({ actor_type: '' })).toEqual({ page: 1, limit: 10 });
  });

  it('take an action alone with the actor type left at "All"', () => {
    expect(auditFilters.parse({ ...blank, action: ' auth.login.success ' })).toEqual({
      action: 'auth.login.success',
    });
    expect(auditFilters.parse({ ...blank, actor_type: 'provider' })).toEqual({
      actor_type: 'provider',
    });
  });

  it('name the field and the reason of each refusal', () => {
    expect(issues(auditFilters.safeParse({ ...blank, action: 'a'.repeat(101) }))).toEqual([
      ['action', 'too_long'],
    ]);
    expect(issues(auditFilters.safeParse({ ...blank, request_id: 'r'.repeat(101) }))).toEqual([
      ['request_id', 'too_long'],
    ]);
    expect(issues(auditFilters.safeParse({ ...blank, actor_id: 'nie-je-uuid' }))).toEqual([
      ['actor_id', 'actor_id_invalid'],
    ]);
    expect(issues(auditFilters.safeParse({ ...blank, actor_type: 'robot' }))).toEqual([
      ['actor_type', 'choice_invalid'],
    ]);
  });
});

describe('the other search forms of the console', () => {
  it('take every choice left at "All" as no filter', () => {
    expect(adminRequestFilters.parse({ query: '', status: '', category: '' })).toEqual({});
    expect(adminUserFilters.parse({ search: ' ', account_status: '' })).toEqual({});
    expect(alertsQuery.parse({ type: '' })).toEqual({ page: 1, limit: 20 });
    expect(adminRequestFilters.parse({ query: 'strecha', status: 'OPEN', category: '' })).toEqual({
      query: 'strecha',
      status: 'OPEN',
    });
  });

  it('name the field and the reason of each refusal', () => {
    expect(issues(adminRequestFilters.safeParse({ query: 'q'.repeat(201) }))).toEqual([
      ['query', 'too_long'],
    ]);
    expect(issues(adminRequestFilters.safeParse({ status: 'COMPLETED', category: 'x' }))).toEqual([
      ['status', 'choice_invalid'],
      ['category', 'choice_invalid'],
    ]);
    expect(
      issues(adminUserFilters.safeParse({ search: 's'.repeat(201), account_status: 'locked' })),
    ).toEqual([
      ['search', 'too_long'],
      ['account_status', 'choice_invalid'],
    ]);
  });
});
