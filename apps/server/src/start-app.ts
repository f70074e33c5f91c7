import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app';
import type { AppConfig } from './config';
import { seed } from './seed/seed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on the start that created the administrator with a generated password. */
    generatedAdmin: { email: string; password: string } | undefined;
  }
}

/**
 * The app as the server starts it: built (app.ts, which writes nothing), then the database given
 * what it lacks (seed/seed.ts: roles, the administrator, settings, image variants, demo content),
 * before the app is ready, so the mail worker, timers and the first request find it. Tests,
 * benchmarks and the server all start it this way.
 */
export async function startApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = await buildApp(config, options);
  const seeded = await seed(app.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demo: config.seedDemo,
    mailCatcher: config.mailCatcher,
    log: app.log,
  });
  app.decorate('generatedAdmin', seeded.generatedAdmin);
  return app;
}
