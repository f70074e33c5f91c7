import type { FastifyRequest } from 'fastify';
import type { AuditArea } from '@app/shared/audit-areas';
import type { AuditEntry, AuditFilters, AuditPage } from '@app/shared/schemas/audit';
import { fromBrusselsLocal } from '@app/shared/brussels';
import type { Db } from '../../db/client';
import { auditRepository, type AuditFilter } from './repository';

/** Field names whose values never enter the trail: only the fact that they changed does. */
const SECRET = /pass|secret|token|hash|captcha|altcha|otp|totp|recovery|key/i;
/** Bookkeeping that changes on every save and says nothing about what staff did. */
const IGNORED = new Set(['updatedAt', 'version']);
/** Long texts (a post's content) are cut: the trail says what changed, it is no copy of the site. */
const MAX_TEXT = 200;

const clip = (value: unknown): unknown => {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `(${value.length} bytes)`;
  return value;
};
const same = (x: unknown, y: unknown) => JSON.stringify(clip(x)) === JSON.stringify(clip(y));

export type Changes = Record<string, { from?: unknown; to?: unknown } | { changed: true }>;

/**
 * Which fields differ between two versions of a record: `{ field: { from, to } }`, `{ to }` for a
 * new record, `{ changed: true }` for a secret (password, key, token). A deletion names no values.
 */
export function diffChanges(before: object | undefined, after: object | undefined): Changes | null {
  if (!after) return null;
  const old = (before ?? {}) as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changes: Changes = {};
  for (const field of new Set([...Object.keys(old), ...Object.keys(now)])) {
    if (IGNORED.has(field) || same(old[field], now[field])) continue;
    if (SECRET.test(field)) changes[field] = { changed: true };
    else changes[field] = before ? { from: clip(old[field]), to: clip(now[field]) } : { to: clip(now[field]) };
  }
  return Object.keys(changes).length ? changes : null;
}

/** A value with its secret fields reduced to `{ changed: true }` (for events without a stored record). */
export function redact(value: Record<string, unknown>): Changes {
  return diffChanges(undefined, value) ?? {};
}

export interface AuditEvent {
  area: AuditArea;
  /** What happened, in words of one or two: 'create', 'update', 'delete', 'sign-in', 'sign-in-failed', … */
  action: string;
  recordId?: string | number | null;
  changes?: Changes | null;
  /** Who acted; defaults to the signed-in principal of `req`. Null for the system (the retention job). */
  userId?: number | null;
  email?: string | null;
  /** The client address; defaults to `req.ip` (docs/decisions/0013-client-address.md). */
  address?: string | null;
}

/**
 * The one way into the audit trail. Other modules call `recordAudit(db, event, req)`; with a
 * request, who acted and from which address come from it unless the event says otherwise.
 */
export async function recordAudit(db: Db, event: AuditEvent, req?: FastifyRequest): Promise<void> {
  await auditRepository(db).insert({
    userId: event.userId !== undefined ? event.userId : (req?.principal?.userId ?? null),
    email: event.email !== undefined ? event.email : (req?.principal?.email ?? null),
    address: event.address !== undefined ? event.address : (req?.ip ?? null),
    area: event.area,
    action: event.action,
    recordId: event.recordId === undefined || event.recordId === null ? null : String(event.recordId),
    changes: event.changes ?? null,
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The start of a calendar day in Brussels: the audit screen shows every time in Brussels, so its
 * day filters name Brussels days too (a change at 00:30 there belongs to that day, not the one before).
 */
const brusselsMidnight = (day: string): Date => new Date(fromBrusselsLocal(`${day}T00:00`)!);

export const auditService = (db: Db) => {
  const repo = auditRepository(db);
  return {
    async page(q: AuditFilters): Promise<AuditPage> {
      const filter: AuditFilter = {
        userId: q.userId,
        area: q.area || undefined,
        action: q.action || undefined,
        from: q.from ? brusselsMidnight(q.from) : undefined,
        // `to` names a whole day: everything before the next midnight.
        until: q.to
          ? brusselsMidnight(new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10))
          : undefined,
      };
      const { items, total } = await repo.page(filter, q.pageSize, (q.page - 1) * q.pageSize);
      return {
        total,
        items: items.map((r): AuditEntry => ({
          ...r,
          at: r.at.toISOString(),
          changes: (r.changes as Record<string, unknown> | null) ?? null,
        })),
      };
    },
    expire: (days: number) => repo.expire(days),
  };
};
