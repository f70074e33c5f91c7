/**
 * The contact form and job applications (POST /api/contact, and the spec's POST /api/mail): checked,
 * counted against the sender's limit, then stored in the outbox. Other modules use it only through
 * this file.
 */
export { contactRoutes } from './routes';
export { CONTACT_LIMIT } from './rate-limit';
