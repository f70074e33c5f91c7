import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import type { MailDelivery } from './mail-delivery-port';
import { mailboxesRoutes } from './mailboxes-routes';
import { providersRoutes } from './providers-routes';

/**
 * The mail settings' API, one file per resource: the providers and the mailboxes (with the test
 * send). Delivery (the outbox) is handed in, as the outbox itself depends on these settings.
 */
export const mailSettingsRoutes =
  (delivery: MailDelivery): FastifyPluginAsync<{ config: AppConfig }> =>
  async (app) => {
    await app.register(providersRoutes);
    await app.register(mailboxesRoutes, { delivery });
  };
