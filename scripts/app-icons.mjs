// Draws the installable app's icons (public/icons/) from the brand mark of public/favicon.svg:
// the white "M" on the brand teal. Run again after a change to the mark: `node scripts/app-icons.mjs`.
// - icon-192.png, icon-512.png: the rounded square, as the favicon (purpose "any");
// - icon-maskable-512.png: the teal fills the square and the mark sits inside the central 80 %
//   circle that every launcher's mask keeps (purpose "maskable");
// - apple-touch-icon.png (180 px): a full square, iOS rounds it itself;
// - badge-96.png: the mark alone in white on transparent, for Android's status bar.
import fs from 'node:fs';
import sharp from 'sharp';

const TEAL = '#0f766e';
const MARK = 'M18 46V20l14 14 14-14v26';

/** The mark scaled by `scale` about the centre of a 64-unit square. */
const mark = (scale, colour = '#fff') => {
  const offset = 32 - 32 * scale;
  return `<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${MARK}" fill="none" stroke="${colour}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g>`;
};

const svg = (body) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`);

const ICONS = {
  'icon-192.png': [192, svg(`<rect width="64" height="64" rx="14" fill="${TEAL}"/>${mark(1)}`)],
  'icon-512.png': [512, svg(`<rect width="64" height="64" rx="14" fill="${TEAL}"/>${mark(1)}`)],
  'icon-maskable-512.png': [512, svg(`<rect width="64" height="64" fill="${TEAL}"/>${mark(0.72)}`)],
  'apple-touch-icon.png': [180, svg(`<rect width="64" height="64" fill="${TEAL}"/>${mark(0.85)}`)],
  'badge-96.png': [96, svg(mark(1.2))],
};

fs.mkdirSync('public/icons', { recursive: true });
for (const [name, [size, image]] of Object.entries(ICONS)) {
  await sharp(image, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`public/icons/${name}`);
  console.log(`public/icons/${name}`);
}
