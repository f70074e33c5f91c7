import type { FastifyBaseLogger } from 'fastify';

export type AuthAuditEvent =
  | 'two-factor.enabled'
  | 'two-factor.disabled'
  | 'two-factor.reset'
  | 'two-factor.failure'
  | 'session.sign-out-everywhere'
  | 'session.logout';

/**
 * AUDIT: stand-in for the audit module's `recordAudit` (being built in parallel): each call site is
 * one line, to be pointed at `recordAudit` when both land. Logs ids and the event only, never a
 * code, secret, token or password.
 */
export function auditAuthEvent(
  log: FastifyBaseLogger,
  event: AuthAuditEvent,
  fields: { actorId: number | null; targetId: number; reason?: string },
): void {
  log.info({ audit: event, ...fields }, `audit: ${event}`);
}
