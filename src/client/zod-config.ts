import { z } from 'zod';

/**
 * Runs before any schema module (its own script tag, ahead of main.tsx in index.html): zod then
 * never probes `new Function`, which our CSP (no 'unsafe-eval') refuses and reports.
 */
z.config({ jitless: true });
