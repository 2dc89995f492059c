// `npm run demo`: the built app on the embedded PostgreSQL in ./data-demo, with demo content.
import { spawn } from 'node:child_process';

// The heap cap of `npm start` (docs/deploy.md "Memory").
const child = spawn(process.execPath, ['--max-old-space-size=128', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { DATA_DIR: './data-demo', ...process.env, DEMO: '1', DATABASE_URL: '' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
