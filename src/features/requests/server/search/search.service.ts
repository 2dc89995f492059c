import type { ServerContext } from '../../../../server/context';
import { listOpenRequests, suggestLocations } from './search.repo';

/** What Browse and Home list: a page of open requests of active clients, searched and filtered. */
export function browseRequests(
  ctx: Pick<ServerContext, 'db'>,
  query: Parameters<typeof listOpenRequests>[1],
) {
  return listOpenRequests(ctx.db, query);
}

/** Towns of open requests starting with `prefix` (accents ignored), for the location filter. */
export function suggestTowns(ctx: Pick<ServerContext, 'db'>, prefix: string) {
  return suggestLocations(ctx.db, prefix);
}
