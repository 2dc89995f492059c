// `npm run size`: the gzipped JavaScript the home page needs for its first render: the entry, its
// static imports and the Slovak texts that render asks for, against the budget. Also
// lists, outside the budget, what the home page loads on demand after that (code below the fold,
// with its texts). Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 135;
/**
 * Namespaces of the home page's first render: the shell's (SHELL_NAMESPACES in
 * src/client/i18n/i18n.ts) and the one HomePage asks for.
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
const texts = (namespaces) => namespaces.map((ns) => `src/locales/sk/${ns}.json`);

const seen = new Set();
const firstRender = collect([entryKey, ...texts(FIRST_RENDER_NAMESPACES)], seen);
const onDemand = collect([...HOME_ON_DEMAND, ...texts(ON_DEMAND_NAMESPACES)], seen);

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
const later = report(onDemand);
console.log(`${kb(later)} KB  loaded just after (the sections below the hero)`);
console.log(`${kb(first + later)} KB  the home page in all`);
if (first > BUDGET_KB * 1024) {
  console.error(`Over budget by ${((first - BUDGET_KB * 1024) / 1024).toFixed(1)} KB.`);
  process.exit(1);
}
