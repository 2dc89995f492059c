/**
 * After a deploy, a page still open from before asks for code chunks the server no longer has.
 * The cure is one reload (the new index names the new chunks); a mark in sessionStorage makes
 * sure it is only one, so a chunk that is really unreachable shows the error page, not a loop.
 */
const RELOADED = 'majstri:reloaded-for-chunks';

/** What browsers say when a module script cannot be fetched (Chromium, Firefox, Safari; Vite's CSS preload). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && CHUNK_FAILURE.test(error.message);

function readMark(): boolean | undefined {
  try {
    return sessionStorage.getItem(RELOADED) !== null;
  } catch {
    return undefined; // storage refused: no guard, so no automatic reload either
  }
}

/** Whether this tab may still reload by itself for a failed chunk. */
export const mayReloadForChunks = () => readMark() === false;

/** Marks the tab, then reloads it. */
export function reloadForChunks() {
  try {
    sessionStorage.setItem(RELOADED, String(Date.now()));
  } catch {
    return;
  }
  window.location.reload();
}

/** A chunk arrived: the next failure (another deploy) may reload again. */
export function chunksLoaded() {
  if (readMark()) sessionStorage.removeItem(RELOADED);
}
