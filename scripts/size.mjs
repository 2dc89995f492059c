// `npm run size`: the gzipped JavaScript the home page runs to hydrate its server-rendered first
// paint: the entry and its static imports, against the budget. The texts of that render come
// inlined in the page as JSON data (src/server/render/page-entry.tsx), not as JavaScript: they are
// listed apart, outside the budget. Also lists what the home page loads just after (code below
// the fold, with its texts). Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
/**
 * Namespaces of the home page's first render (the shell's and HomePage's), inlined in the page
 * by the server as JSON: counted apart.
 */
const FIRST_RENDER_NAMESPACES = ['common', 'home'];
/** What the home page loads lazily once its hero shows, and the namespaces those parts ask for. */
const HOME_ON_DEMAND = ['src/features/home/ui/HomeSections.tsx'];
const ON_DEMAND_NAMESPACES = ['categories', 'requests'];

const dist = 'dist/client';
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const collect = (roots, seen) => {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (seen.has(chunk.file)) return;
    seen.add(chunk.file);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return files;
};
/** Slovak texts, as the JSON files the browser fetches (scripts/locale-files.ts). */
const texts = (namespaces) => {
  const dir = path.join('assets', 'locales', 'sk');
  const files = fs.readdirSync(path.join(dist, dir));
  return namespaces.map((ns) => {
    const file = files.find((name) => name.startsWith(`${ns}.`) && name.endsWith('.json'));
    if (!file) throw new Error(`No built texts for sk/${ns}`);
    return path.join(dir, file);
  });
};

const seen = new Set();
const firstRender = collect([entryKey], seen);
const inlinedTexts = new Set(texts(FIRST_RENDER_NAMESPACES));
const onDemand = new Set([...collect(HOME_ON_DEMAND, seen), ...texts(ON_DEMAND_NAMESPACES)]);

const report = (files) => {
  let total = 0;
  const rows = [...files].map((file) => {
    const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += size;
    return [file, size];
  });
  rows.sort((a, b) => b[1] - a[1]);
  for (const [file, size] of rows)
    console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  return total;
};
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);

const first = report(firstRender);
console.log(
  `${kb(first)} KB  gzipped JavaScript for the home page's first render (budget ${BUDGET_KB} KB)`,
);
console.log('');
const inlined = report(inlinedTexts);
console.log(
  `${kb(inlined)} KB  its texts, inlined in the page as JSON (not JavaScript; outside the budget)`,
);
console.log('');
const later = report(onDemand);
console.log(`${kb(later)} KB  loaded just after (the sections below the hero)`);
console.log(`${kb(first + later)} KB  the home page in all`);
if (first > BUDGET_KB * 1024) {
  console.error(`Over budget by ${((first - BUDGET_KB * 1024) / 1024).toFixed(1)} KB.`);
  process.exit(1);
}
