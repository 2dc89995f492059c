/** Rows removed per statement: short statements, short row locks, bounded WAL per step. */
export const DELETE_BATCH = 5_000;
/** At most this many batches per table and run; what is left waits for the next run. */
const MAX_BATCHES = 200;

/**
 * Runs `deleteBatch` (which removes at most DELETE_BATCH rows and answers how many) until a batch
 * comes back short or MAX_BATCHES have run; answers the rows removed in all.
 */
export async function deleteInBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const count = await deleteBatch();
    deleted += count;
    if (count < DELETE_BATCH) break;
  }
  return deleted;
}
