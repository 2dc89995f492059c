// Development: the API with reload on change (tsx watch) and Vite's dev server with hot reload.
// Open http://localhost:5173; Vite forwards /api to the API on port 3000.
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: 'development', PORT: process.env.PORT ?? '3000' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env,
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && process.exit(code)));
