import { describe, expect, it } from 'vitest';
import { deferCode } from './deferred-code';

const page = `<html><head>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C3.css">
  <link rel="modulepreload" crossorigin href="/assets/HomeSections-D4.js"></head>
  <body><div id="root"><h1>Čo potrebujete urobiť?</h1></div></body></html>`;

describe('deferCode', () => {
  it('hands the entry and its preloads to the boot script and keeps the styles', () => {
    const html = deferCode(page);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C3.css">');
    expect(html).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index-A1.js" data-preload="/assets/react-B2.js /assets/HomeSections-D4.js"></script></body>',
    );
    expect(html).toContain('<h1>Čo potrebujete urobiť?</h1>');
  });

  it('leaves a page without one entry alone', () => {
    const without = '<html><head></head><body><div id="root"></div></body></html>';
    expect(deferCode(without)).toBe(without);
  });
});
