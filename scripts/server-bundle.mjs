// How esbuild bundles the server into dist/server (build-server.mjs). Dependencies stay in
// node_modules. A module that main.ts loads with import() only when it is needed (the demo
// content, with DEMO=1) becomes a chunk of its own, read from disk only then: without
// `splitting` it would be part of main.js, and every process would load it
// (server-bundle.test.ts).
export const SERVER_BUNDLE = {
  entryPoints: ['src/server/main.ts', 'src/server/admin-cli.ts'],
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};
