// `npm run dev`: the API with reload on change, and Vite's dev server (which
// proxies /api and /socket.io to it) with hot module replacement.
import { spawn } from 'node:child_process';

// Mailed links must open the Vite page, which proxies the API.
const serverEnv = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npm', ['run', 'dev', '-w', '@segue/server'], { stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@segue/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
