/** The flags `npm start` gives Node for the built server (server-memory.mjs). */
export declare const SERVER_MEMORY_FLAGS: string[];
