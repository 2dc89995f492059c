/** What other features may use of the sum challenge: checking an answer, and claiming a one-time value once. */
export { checkChallenge } from './challenge.service';
export { claimOnce } from './challenge.repo';
