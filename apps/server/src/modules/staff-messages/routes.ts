import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import { mailLogRoutes } from './mail-log-routes';
import { messagesRoutes } from './messages-routes';

/**
 * The API of the staff's Messages and Mail log screens, one file per resource: the received
 * messages (with delivery health and the data-subject requests) and the mail log.
 */
export const staffMessagesRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app) => {
  await app.register(messagesRoutes);
  await app.register(mailLogRoutes);
};
