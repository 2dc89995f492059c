import type { Language } from '../../shared/languages';
import type { QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { sessionResponse } from '../../features/accounts/accounts.schema';
import { presentAccount } from '../../features/accounts/server/accounts.presenter';
import { viewAccount } from '../../features/accounts/server/own-account.service';
import type { SessionUser } from '../../features/accounts/server/sessions';
import { bidsResponse } from '../../features/requests/bids.schema';
import { presentBid } from '../../features/requests/server/bids.presenter';
import { bidsForRequest } from '../../features/requests/server/bids.service';
import { homeStats as homeStatsSchema } from '../../features/home/home.schema';
import { cachedFor, homeStats } from '../../features/home/server/home.service';
import { directoryAddress, directoryListParams } from '../../features/providers/directory-address';
import {
  directoryQuery,
  directoryResponse,
  publicProvider,
} from '../../features/providers/providers.schema';
import { presentDirectory } from '../../features/providers/server/directory.presenter';
import { browseDirectory } from '../../features/providers/server/directory.service';
import { presentProvider } from '../../features/providers/server/providers.presenter';
import { providerPage } from '../../features/providers/server/providers.service';
import {
  listWorkRequestsQuery,
  workRequestList,
  workRequestResponse,
} from '../../features/requests/requests.schema';
import { presentCardList, presentDetail } from '../../features/requests/server/requests.presenter';
import { browseRequests } from '../../features/requests/server/search/search.service';
import { openRequestPage } from '../../features/requests/server/requests.service';
import { reviewsResponse } from '../../features/reviews/reviews.schema';
import { presentReviewPage } from '../../features/reviews/server/reviews.presenter';
import { listReviews } from '../../features/reviews/server/reviews.service';
import {
  browseAddress,
  browseListParams,
  type RequestListParams,
} from '../../features/requests/browse-address';
import { camelizeKeys } from '../../shared/case';
import { LIMITS } from '../../shared/limits';
import type { BuildInfo } from '../../shared/version';
import type { ServerContext } from '../context';
import { AppError } from '../errors';

/** A page the server renders, read from its path. */
export type RenderedPage =
  | { kind: 'home' }
  | { kind: 'browse' }
  | { kind: 'directory' }
  | { kind: 'request'; id: string }
  | { kind: 'provider'; id: string };

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const REQUEST_PATH = new RegExp(`^/request/(${UUID})/?$`, 'i');
const PROVIDER_PATH = new RegExp(`^/provider/(${UUID})/?$`, 'i');

/** Home, browse, the directory, a request and a provider are rendered by the server; no other page. */
export function renderedPageOf(pathname: string): RenderedPage | undefined {
  if (pathname === '/') return { kind: 'home' };
  if (pathname === '/browse' || pathname === '/browse/') return { kind: 'browse' };
  if (pathname === '/providers' || pathname === '/providers/') return { kind: 'directory' };
  const request = REQUEST_PATH.exec(pathname)?.[1];
  if (request) return { kind: 'request', id: request.toLowerCase() };
  const provider = PROVIDER_PATH.exec(pathname)?.[1];
  if (provider) return { kind: 'provider', id: provider.toLowerCase() };
  return undefined;
}

/** The request and provider pages are for signed-in people (spec accounts §6). */
export const needsSignIn = (page: RenderedPage) =>
  page.kind === 'request' || page.kind === 'provider';

export interface QueryEntry {
  queryKey: QueryKey;
  data: unknown;
}

/**
 * An answer as the browser's `api()` would hold it: through the route's response schema and
 * JSON, then camelCase. Keys and shapes must stay those of the pages' hooks (`*.api.ts`); the
 * server-rendering journey compares these entries with the API's own answers.
 */
const wire = <S extends z.ZodType>(schema: S, value: z.input<S>): unknown =>
  camelizeKeys(JSON.parse(JSON.stringify(schema.parse(value))));

/** A refusal (not found, not allowed) is left to the browser, which asks and shows it. */
async function unlessRefused<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

export interface PageDataDeps {
  ctx: ServerContext;
  buildInfo: BuildInfo;
  publicConfig: { supportEmail: string; googleEnabled: boolean; trustSummaryEnabled: boolean };
}

/** The query entries a page is rendered with, read through the features' services. */
export function pageData({ ctx, buildInfo, publicConfig }: PageDataDeps) {
  // Counted at most once a minute, as GET /api/stats/home does.
  const stats = cachedFor(60_000, () => homeStats(ctx.db, new Date()));

  const listEntry = async (
    params: RequestListParams,
    language: Language,
  ): Promise<QueryEntry | undefined> => {
    const { radiusKm, ...rest } = params;
    const parsed = listWorkRequestsQuery.safeParse(
      Object.fromEntries(
        Object.entries({ ...rest, radius_km: radiusKm }).filter(([, value]) => value !== undefined),
      ),
    );
    // An address the API would refuse (a page past the last one, a search too long) is left to
    // the browser, which asks and shows the refusal.
    if (!parsed.success) return undefined;
    const query = parsed.data;
    return {
      // requestKeys.list(params)
      queryKey: ['work-requests', 'list', params],
      data: wire(
        workRequestList,
        presentCardList(query, await browseRequests(ctx, query), language),
      ),
    };
  };

  return async (
    page: RenderedPage,
    viewer: SessionUser | undefined,
    search: URLSearchParams,
    language: Language,
  ): Promise<QueryEntry[]> => {
    const entries: QueryEntry[] = [
      { queryKey: ['version'], data: wire(versionSchema, buildInfo) },
      {
        queryKey: ['config'],
        data: camelizeKeys({
          support_email: publicConfig.supportEmail,
          google_enabled: publicConfig.googleEnabled,
          trust_summary_enabled: publicConfig.trustSummaryEnabled,
        }),
      },
    ];
    // accountKeys.session(): the header, guards and pages read this entry.
    if (viewer) {
      const account = await viewAccount(ctx, viewer, viewer.id);
      const session = wire(sessionResponse, {
        user: presentAccount(account),
        user_type: account.user.role,
      }) as { user: unknown };
      entries.push({ queryKey: ['session'], data: session.user });
    } else {
      entries.push({ queryKey: ['session'], data: null });
    }

    if (page.kind === 'home') {
      entries.push({ queryKey: ['stats', 'home'], data: wire(homeStatsSchema, await stats()) });
      const latest = await listEntry({ page: 1, limit: LIMITS.homeLatestRequests }, language);
      if (latest) entries.push(latest);
    } else if (page.kind === 'browse') {
      // As BrowsePage reads its address.
      const list = await listEntry(browseListParams(browseAddress(search)), language);
      if (list) entries.push(list);
    } else if (page.kind === 'directory') {
      // As DirectoryPage reads its address.
      const params = directoryListParams(directoryAddress(search));
      const { radiusKm, ...rest } = params;
      const parsed = directoryQuery.safeParse(
        Object.fromEntries(
          Object.entries({ ...rest, radius_km: radiusKm }).filter(
            ([, value]) => value !== undefined,
          ),
        ),
      );
      const directory = parsed.success
        ? await unlessRefused(() => browseDirectory(ctx, parsed.data, viewer))
        : undefined;
      if (parsed.success && directory)
        entries.push({
          queryKey: directoryKey(params),
          data: wire(directoryResponse, presentDirectory(parsed.data, directory, language)),
        });
    } else if (page.kind === 'request' && viewer) {
      const detail = await unlessRefused(() => openRequestPage(ctx, viewer, page.id));
      if (detail) {
        const answer = wire(workRequestResponse, {
          work_request: presentDetail(detail.found, viewer, detail.actions, language),
        }) as { workRequest: { allowedActions: string[] } };
        entries.push({ queryKey: ['work-requests', 'detail', page.id], data: answer });
        if (answer.workRequest.allowedActions.includes('view_bids')) {
          const rows = await unlessRefused(() => bidsForRequest(ctx, viewer, page.id));
          if (rows)
            entries.push({
              queryKey: ['work-requests', 'detail', page.id, 'bids'],
              data: wire(bidsResponse, { bids: rows.map((row) => presentBid(row, viewer)) }),
            });
        }
      }
    } else if (page.kind === 'provider') {
      const found = await unlessRefused(() => providerPage(ctx, viewer, page.id));
      if (found) {
        entries.push({
          queryKey: ['providers', page.id],
          data: wire(providerAnswer, {
            user: presentProvider(
              found.row,
              found.rating,
              found.showContact,
              found.reviewable,
              language,
              found.showcase,
              found.forViewer,
            ),
          }),
        });
        const first = { page: 1, limit: REVIEWS_PAGE_SIZE };
        entries.push({
          queryKey: ['providers', page.id, 'reviews', 1],
          data: wire(
            reviewsResponse,
            presentReviewPage(
              first,
              await listReviews(ctx.db, page.id, 1, REVIEWS_PAGE_SIZE),
              viewer,
            ),
          ),
        });
      }
    }
    return entries;
  };
}

/** directory.api.ts directoryKey. */
const directoryKey = (params: unknown) => ['providers', 'directory', params];
/** reviews.api.ts REVIEWS_PAGE_SIZE. */
const REVIEWS_PAGE_SIZE = 10;
/** GET /api/version's and GET /api/providers/:id's answers. */
const versionSchema = z.object({
  version: z.string(),
  timestamp: z.string(),
  build_date: z.string(),
});
const providerAnswer = z.object({ user: publicProvider });
