/**
 * `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying the API).
 * Both stop together on Ctrl-C.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@app/server'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
