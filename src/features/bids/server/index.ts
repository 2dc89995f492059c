/**
 * What other features may use of bids: the service calls, and the `bids` table as a join target
 * (read only; every change goes through the service).
 */
export { hasBidOn, rejectPendingBids, reopenRejectedBids } from './bids.service';
export { bids } from './bids.table';
