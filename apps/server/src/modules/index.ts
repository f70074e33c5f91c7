import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import type { AppConfig } from '../config';
import type { CounterStore } from '../lib/counter-store';
import { accountLinksRoutes } from './account-links';
import { accountRoutes, authPlugin, authRoutes, userSessionRoutes } from './auth';
import { auditPlugin, auditRoutes } from './audit';
import { scheduledBackupsPlugin } from './backup';
import { candidateMailsRoutes, candidatesRoutes, interviewsRoutes } from './candidates';
import { captchaRoutes } from './captcha';
import { contactRoutes } from './contact';
import { contentRoutes } from './content';
import { dashboardRoutes } from './dashboard';
import { feedsRoot } from './feeds';
import { healthRoutes } from './health';
import { imagesRoot } from './images';
import { maintenancePlugin } from './maintenance';
import { mailSettingsRoutes } from './mail-settings';
import { mailDelivery, mailWorkerPlugin } from './outbox';
import { postsRoutes } from './posts';
import { retentionPlugin } from './retention';
import { staffMessagesRoutes } from './staff-messages';
import { usersRoutes } from './users';
import { vacanciesRoutes } from './vacancies';

/** What every module plugin is registered with. */
export interface ModuleOptions {
  config: AppConfig;
  /** The sign-in counters (memory or Redis) app.ts builds: sign-in, account and session routes count with them. */
  counters: CounterStore;
}

/** `fastify-plugin` wraps a plugin (one that decorates the app) as a callback plugin. */
type ModulePlugin = FastifyPluginAsync<ModuleOptions> | FastifyPluginCallback<ModuleOptions>;
/** A job takes no options: its settings come from `app.config` (tests and benches register it with their own). */
type JobPlugin = FastifyPluginAsync | FastifyPluginCallback;

/**
 * One entry per module, each slot registered by app.ts at its own point of the start-up order
 * (`registerModules`):
 * - `foundation`: right after the database, before CSRF and every route: decorators other modules
 *   rely on (auth's tokens, route access rules and `req.principal`);
 * - `hooks`: request hooks every route must pass, before any route (audit's trail);
 * - `routes`: mounted under /api, in this list's order (the OpenAPI document's order too);
 * - `root`: at the site root (images, feeds), before the web app's pages;
 * - `jobs`: background work, registered last, after the database, so that each stops (onClose)
 *   before the database closes; `when` reads its switch from the config.
 */
export interface ServerModule {
  name: string;
  foundation?: ModulePlugin;
  hooks?: ModulePlugin;
  routes?: ModulePlugin[];
  root?: ModulePlugin;
  job?: { plugin: JobPlugin; when: (config: AppConfig) => boolean };
}

export const serverModules: ServerModule[] = [
  { name: 'health', routes: [healthRoutes] },
  { name: 'auth', foundation: authPlugin, routes: [authRoutes, accountRoutes] },
  { name: 'users', routes: [usersRoutes] },
  // The auth module's routes on another person's sessions and two-factor, after the users' own.
  { name: 'user-sessions', routes: [userSessionRoutes] },
  // Invitations and forgotten passwords: one-time links mailed through the outbox.
  { name: 'account-links', routes: [accountLinksRoutes] },
  { name: 'posts', routes: [postsRoutes] },
  { name: 'images', root: imagesRoot },
  { name: 'content', routes: [contentRoutes] },
  { name: 'vacancies', routes: [vacanciesRoutes] },
  { name: 'feeds', root: feedsRoot },
  { name: 'captcha', routes: [captchaRoutes] },
  { name: 'contact', routes: [contactRoutes] },
  { name: 'mail-settings', routes: [mailSettingsRoutes(mailDelivery)] },
  { name: 'staff-messages', routes: [staffMessagesRoutes] },
  // The candidate pipeline (decision 0160).
  { name: 'candidates', routes: [candidatesRoutes] },
  { name: 'candidate-mails', routes: [candidateMailsRoutes] },
  { name: 'interviews', routes: [interviewsRoutes] },
  { name: 'dashboard', routes: [dashboardRoutes] },
  { name: 'audit', hooks: auditPlugin, routes: [auditRoutes] },
  // Always registered: it also answers `app.takeScheduledBackup()`; its timer runs only with BACKUP_INTERVAL.
  { name: 'backup', job: { plugin: scheduledBackupsPlugin, when: () => true } },
  { name: 'mail-worker', job: { plugin: mailWorkerPlugin, when: (config) => config.mailWorker } },
  { name: 'retention', job: { plugin: retentionPlugin, when: (config) => config.retentionJob } },
  // Embedded database only: the plugin does nothing on PostgreSQL, where autovacuum does this.
  { name: 'maintenance', job: { plugin: maintenancePlugin, when: (config) => config.maintenanceJob } },
];

export type ModuleStage = 'foundation' | 'hooks' | 'routes' | 'root' | 'jobs';

/** Registers every module's plugins of one stage on `app` (for `routes`: the /api prefix's instance). */
export async function registerModules(app: FastifyInstance, stage: ModuleStage, options: ModuleOptions) {
  for (const mod of serverModules) {
    if (stage === 'jobs') {
      if (mod.job?.when(options.config)) await app.register(mod.job.plugin);
      continue;
    }
    const plugins = stage === 'routes' ? (mod.routes ?? []) : [mod[stage]];
    for (const plugin of plugins) if (plugin) await app.register(plugin, options);
  }
}
