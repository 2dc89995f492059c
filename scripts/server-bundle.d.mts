import type { BuildOptions } from 'esbuild';

/** How esbuild bundles the server (server-bundle.mjs). */
export declare const SERVER_BUNDLE: BuildOptions & { entryPoints: string[]; outdir: string };
