/** What other features may use of the sum challenge: checking an answer, and claiming a one-time value once. */
export { checkChallenge, claimOnce } from './challenge.service';
