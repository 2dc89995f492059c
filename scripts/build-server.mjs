// Bundles the server into dist/server/main.js and its chunks (dependencies stay in node_modules),
// copies the SQL migrations beside it, and stamps the build when BUILD_VERSION is given.
import { build } from 'esbuild';
import fs from 'node:fs';
import { SERVER_BUNDLE } from './server-bundle.mjs';

// Chunk names carry a hash: the last build's chunks are removed, not left beside the new ones.
fs.rmSync('dist/server', { recursive: true, force: true });
await build({
  ...SERVER_BUNDLE,
  entryPoints: SERVER_BUNDLE.entryPoints.filter((file) => fs.existsSync(file)),
});

fs.cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });

if (process.env.BUILD_VERSION) {
  const timestamp = process.env.BUILD_TIMESTAMP ?? new Date().toISOString();
  fs.writeFileSync(
    'dist/server/build-info.json',
    JSON.stringify({
      version: process.env.BUILD_VERSION,
      timestamp,
      build_date: timestamp.slice(0, 10),
    }),
  );
}
