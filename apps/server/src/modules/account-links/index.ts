/** Invitations and forgotten passwords: one-time links sent by mail through the outbox (decision 0147). */
export { accountLinksRoutes } from './routes';
