// How the built server is started (`npm start`, `npm run demo`, `npm run bench:api`)
// (docs/deploy.md "Memory"):
// - V8's old generation capped at 128 MB, and a young generation of 16 MB per half, in which the
//   objects of a request that is answered within a few collections die without being copied into
//   the old one. Both may be given in NODE_OPTIONS, where an operator's own come after and win.
// - The old generation may grow to 2.5 times what survived the last full collection before the
//   next one. Under a 128 MB cap V8 would allow only 1.3 times, and full collections came several
//   times a second at 100 connections. Node refuses this flag in NODE_OPTIONS, so `npm start`
//   puts it on the command line.
// package.json's `start` spells the same flags (server-memory.test.ts).
export const NODE_OPTIONS_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=16'];
export const COMMAND_LINE_FLAGS = ['--heap-growing-percent=150'];
export const SERVER_MEMORY_FLAGS = [...NODE_OPTIONS_FLAGS, ...COMMAND_LINE_FLAGS];
