import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit';

export type AuthAuditEvent =
  | 'two-factor-enabled'
  | 'two-factor-disabled'
  | 'two-factor-reset'
  | 'two-factor-failed'
  | 'sign-out-everywhere'
  | 'logout';

/**
 * Two-factor and session events in the audit trail (area `session`): who did it (`actorId`), to
 * whose account (`targetId`, the row's record id), from which address when a request is at hand.
 * Never a code, secret, token or password: a failure names only the step it happened in.
 */
export async function auditAuthEvent(
  app: FastifyInstance,
  action: AuthAuditEvent,
  fields: { actorId: number | null; targetId: number; reason?: string },
  req?: FastifyRequest,
): Promise<void> {
  await recordAudit(
    app.db,
    {
      area: 'session',
      action,
      userId: fields.actorId,
      recordId: fields.targetId,
      ...(fields.reason ? { changes: { step: { to: fields.reason } } } : {}),
    },
    req,
  );
}
