/**
 * A short name of the browser and system behind a stored User-Agent, for the owner's list of
 * signed-in devices: "Firefox", "Windows". Names only, no versions; null when not recognised.
 * Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null | undefined): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
