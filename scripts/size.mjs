// `npm run size`: the gzipped JavaScript the home page loads (entry, its static imports and the
// Slovak locale files), against the 150 KB budget. Run after `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = 'dist/client';
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
for (const key of manifest[entryKey].dynamicImports ?? []) {
  if (key.includes('locales/sk/')) visit(key);
}

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  return [file, size];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  gzipped JavaScript for the home page (budget ${BUDGET_KB} KB)`,
);
if (total > BUDGET_KB * 1024) {
  console.error(`Over budget by ${((total - BUDGET_KB * 1024) / 1024).toFixed(1)} KB.`);
  process.exit(1);
}
