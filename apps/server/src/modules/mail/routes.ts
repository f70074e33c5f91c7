import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import { mailLogRoutes } from './mail-log-routes';
import { mailboxesRoutes } from './mailboxes-routes';
import { messagesRoutes } from './messages-routes';
import { providersRoutes } from './providers-routes';

/**
 * The mail module's API, one file per resource. The delivery worker is not started here: it is
 * its own plugin (worker-plugin.ts), registered by the app when the configuration asks for it.
 */
export const mailRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app) => {
  await app.register(providersRoutes);
  await app.register(mailboxesRoutes);
  await app.register(messagesRoutes);
  await app.register(mailLogRoutes);
};
