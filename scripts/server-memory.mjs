// How the built server is started (`npm start`, `npm run demo`, `npm run bench:api`): V8's old
// generation capped at 128 MB, and a young generation of 16 MB per half, in which the objects of
// a request that is answered within a few collections die without being copied into the old one
// (docs/deploy.md "Memory"). package.json's `start` spells the same flags (server-memory.test.ts).
export const SERVER_MEMORY_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=16'];
