import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The interface's texts as JSON files the browser fetches when a page first asks for a namespace
// (src/client/i18n/i18n.ts): the build writes each src/locales/<lang>/<ns>.json, minified, to
// assets/locales/<lang>/<ns>.<hash>.json, where one hash of all the texts keeps them cacheable for
// good; the app's code holds only that hash (`virtual:locale-files`), no table of files.
// The dev server answers the same addresses from src/locales directly.
const LOCALES = 'src/locales';
const VIRTUAL = 'virtual:locale-files';
const ADDRESS = /^\/assets\/locales\/([a-z]+)\/([\w-]+)\.[0-9a-f]+\.json$/;
/** Mail and push texts are the server's alone. */
const SERVER_ONLY = new Set(['mail', 'push']);

function localeFiles(root: string): { language: string; namespace: string; text: string }[] {
  const dir = path.join(root, LOCALES);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((language) =>
      fs
        .readdirSync(path.join(dir, language.name))
        .filter((file) => file.endsWith('.json') && !SERVER_ONLY.has(file.slice(0, -5)))
        .sort()
        .map((file) => ({
          language: language.name,
          namespace: file.slice(0, -5),
          text: JSON.stringify(
            JSON.parse(fs.readFileSync(path.join(dir, language.name, file), 'utf8')),
          ),
        })),
    );
}

/** One hash of every text, in every file's address: a changed text changes them all. */
function digestOf(files: ReturnType<typeof localeFiles>): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file.language}/${file.namespace}\n${file.text}\n`);
  return hash.digest('hex').slice(0, 10);
}

export function localeFilesPlugin(): Plugin {
  let root = process.cwd();
  let ssr = false;
  return {
    name: 'majstri-locale-files',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      const files = localeFiles(root);
      for (const file of files)
        this.addWatchFile(path.join(root, LOCALES, file.language, `${file.namespace}.json`));
      return `export default ${JSON.stringify(digestOf(files))};`;
    },
    generateBundle() {
      if (ssr) return;
      const files = localeFiles(root);
      const digest = digestOf(files);
      for (const file of files)
        this.emitFile({
          type: 'asset',
          fileName: `assets/locales/${file.language}/${file.namespace}.${digest}.json`,
          source: file.text,
        });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = ADDRESS.exec(req.url?.split('?')[0] ?? '');
        const file = match && path.join(root, LOCALES, match[1]!, `${match[2]}.json`);
        if (!file || SERVER_ONLY.has(match[2]!) || !fs.existsSync(file)) return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(fs.readFileSync(file));
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), localeFilesPlugin()],
  resolve: {
    // The browser's zod runs with `jitless` set (src/client/zod-config.ts); the server's render
    // (the SSR build) shares the server's own zod, where eval is allowed.
    alias: isSsrBuild
      ? []
      : [
          {
            find: /^zod$/,
            replacement: fileURLToPath(new URL('./src/client/zod-config.ts', import.meta.url)),
          },
        ],
  },
  // The server's render bundles React and the other browser libraries in their production
  // builds: left external, Node would load their development builds (several times slower),
  // since nothing sets NODE_ENV for the server process.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: isSsrBuild
    ? {
        // `vite build --ssr src/server/render/page-entry.tsx`: the server's render of public pages.
        outDir: 'dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        sourcemap: true,
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        // Vite's modulepreload polyfill is an inline-free module, but modern browsers need none.
        modulePreload: { polyfill: false },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
