const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A server-drawn page loads its code after its first paint: the entry script and the module
 * preloads are taken out of the page and handed to `/boot.js` (public/boot.js), which starts
 * them once the page has painted. The page is complete without its code, so a phone on a slow
 * line shows it while the code is still on its way. A page without an entry is left as it is.
 */
export function deferCode(html: string): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const boot =
    `<script defer src="/boot.js" data-entry="${attribute(entries[0]!)}"` +
    ` data-preload="${attribute(preloads.join(' '))}"></script>`;
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `${boot}</body>`);
}
