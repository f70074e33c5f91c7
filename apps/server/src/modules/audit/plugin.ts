import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { AuditArea } from '@app/shared/audit-areas';
import type { Db } from '../../db/client';
import { diffChanges, recordAudit, redact } from './service';

/**
 * A route that changes something says so in its config: `config: { audit: { area, action, load } }`.
 * `load(db, id)` reads the record as the audit trail should see it (the module's repository); it is
 * called before the handler and after it, and the difference is the row's `changes`. Without a
 * loader the JSON body's fields are recorded (secrets reduced to `{ changed: true }`).
 */
export interface AuditRoute {
  area: AuditArea;
  action: string;
  load?: (db: Db, id: number) => Promise<object | undefined>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRoute;
  }
  interface FastifyRequest {
    auditBefore: object | undefined;
  }
}

const paramId = (req: FastifyRequest): number | undefined => {
  const id = (req.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : undefined;
};

/** A new record's id, from the answer (`{ id }` or `{ userId }`). */
const answeredId = (payload: unknown): number | undefined => {
  if (typeof payload !== 'string') return undefined;
  try {
    const body = JSON.parse(payload) as { id?: unknown; userId?: unknown };
    const id = body.id ?? body.userId;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
};

/** A read changes nothing: it never writes an audit row, whatever its config says. */
const reads = (req: FastifyRequest) => req.method === 'GET' || req.method === 'HEAD';

export const auditPlugin = fp(async (app) => {
  app.decorateRequest('auditBefore', undefined);

  // After validation and the access check: a refused request reads nothing.
  app.addHook('preHandler', async (req) => {
    const audit = reads(req) ? undefined : req.routeOptions.config.audit;
    if (!audit?.load) return;
    req.auditBefore = await audit.load(app.db, paramId(req) ?? 0);
  });

  // onSend, not onResponse: the row is written before the client hears that the change happened.
  app.addHook('onSend', async (req, reply, payload) => {
    const audit = reads(req) ? undefined : req.routeOptions.config.audit;
    if (!audit || reply.statusCode >= 400) return payload;
    try {
      const id = paramId(req) ?? answeredId(payload);
      let changes;
      if (audit.load) changes = diffChanges(req.auditBefore, await audit.load(app.db, id ?? 0));
      else if (req.body && typeof req.body === 'object' && !Array.isArray(req.body))
        changes = redact(req.body as Record<string, unknown>);
      await recordAudit(
        app.db,
        { area: audit.area, action: audit.action, recordId: id ?? null, changes: changes ?? null },
        req,
      );
    } catch (err) {
      // The change itself succeeded; a lost audit row is logged loudly rather than turned into an error.
      req.log.error({ err }, 'audit row not written');
    }
    return payload;
  });
});
