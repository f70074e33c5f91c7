// First: it pins a tick object's shape before the app's start runs its full garbage collections.
import './lib/tick-object-shape';
import pino from 'pino';
import { startApp } from './start-app';
import { loadConfig } from './config';
import { showGeneratedAdmin } from './lib/generated-admin';
import { heapBudgetProblem } from './lib/heap-budget';

let config;
try {
  config = loadConfig();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const heapProblem = heapBudgetProblem(config.cacheMemoryMb);
if (heapProblem) {
  process.stderr.write(`${heapProblem}\n`);
  process.exit(1);
}

let app;
try {
  app = await startApp(config);
} catch (err) {
  // One line that says what is wrong (e.g. which folder and why), not a dump of minified sources.
  process.stderr.write(`Could not start: ${(err as Error).message.split('\n')[0]}\n`);
  process.exit(1);
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`site ready on ${config.publicUrl}`);
  if (app.generatedAdmin) {
    // Through the log's own stream, which writes asynchronously: written beside it, the box came
    // out before the "site ready" line.
    const stream = (app.log as unknown as Record<symbol, { write(text: string): void } | undefined>)[
      pino.symbols.streamSym
    ];
    showGeneratedAdmin(app.generatedAdmin, config.dataDir, config.databaseUrl, stream ?? process.stdout);
  }
} catch (err) {
  app.log.error({ err }, 'could not start');
  process.exit(1);
}
