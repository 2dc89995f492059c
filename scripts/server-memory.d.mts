/** The flags `npm start` gives Node for the built server (server-memory.mjs). */
export declare const NODE_OPTIONS_FLAGS: string[];
/** The flags Node takes only on its command line. */
export declare const COMMAND_LINE_FLAGS: string[];
/** All of them, for starting the server from a script. */
export declare const SERVER_MEMORY_FLAGS: string[];
