/**
 * `npm run dev`: the API with reload on :3000, Vite with hot reload on :5173 (proxying the API),
 * and a mail catcher (scripts/dev/mail-catcher.ts: SMTP on localhost:1025, the mail it caught at
 * http://localhost:1080) that the demo mailbox delivers to. All stop together on Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

let catcher: MailCatcher | undefined;
try {
  catcher = await startMailCatcher();
  console.log(`mail catcher: SMTP on localhost:1025, caught mail at http://localhost:1080`);
} catch (err) {
  // Another catcher (e.g. Mailpit) may hold the port already: the demo mailbox delivers to it then.
  if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
  console.log(
    'mail catcher not started: port 1025 or 1080 is taken (Mailpit running already?); the demo mailbox delivers to what listens on 1025',
  );
}

const children = [
  spawn('npm', ['run', 'dev', '-w', '@app/server'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development', MAIL_CATCHER: 'true' },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => {
  children.forEach((c) => c.kill('SIGTERM'));
  void catcher?.close();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
