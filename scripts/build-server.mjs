// Bundles the server into dist/server/main.js (dependencies stay in node_modules),
// copies the SQL migrations beside it, and stamps the build when BUILD_VERSION is given.
import { build } from 'esbuild';
import fs from 'node:fs';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/admin-cli.ts'].filter((file) =>
    fs.existsSync(file),
  ),
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

fs.rmSync('dist/server/migrations', { recursive: true, force: true });
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
