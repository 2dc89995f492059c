// `npm run demo`: the built app on the embedded PostgreSQL in ./data-demo, with demo content.
import { spawn } from 'node:child_process';
import { SERVER_MEMORY_FLAGS } from './server-memory.mjs';

// Started as `npm start` starts it (docs/deploy.md "Memory").
const child = spawn(process.execPath, [...SERVER_MEMORY_FLAGS, 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { DATA_DIR: './data-demo', ...process.env, DEMO: '1', DATABASE_URL: '' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
