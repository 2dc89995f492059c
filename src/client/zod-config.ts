/**
 * The browser's `zod`: vite.config.ts points every `import … from 'zod'` of the browser build
 * here. Before any schema can parse, zod is told never to probe `new Function`, which our CSP
 * (no 'unsafe-eval') refuses and reports. zod checks that lazily, at the first parse, and no
 * module can reach zod without passing through this one first.
 */
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
