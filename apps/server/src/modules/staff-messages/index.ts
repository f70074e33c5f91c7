/**
 * What staff see of the mail that came in: the Messages screen's API (the received messages,
 * delivery health, sending one again, the data-subject requests) and the mail log. Other modules use
 * it only through this file (docs/decisions/0134-mail-module-split.md).
 */
export { staffMessagesRoutes } from './routes';
