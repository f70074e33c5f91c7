import { z } from 'zod';
import { AUDIT_PAGE_SIZE } from '../audit-areas';
import { STAFF_MSG } from '../messages/staff';
import { singleLineText } from './text';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, STAFF_MSG.auditDateInvalid)
  // A calendar day that exists: JavaScript reads 2026-02-30 as 2 March, so the day must read back the same.
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
  }, STAFF_MSG.auditDateInvalid);
const positive = (max: number) => z.coerce.number().int().min(1).max(max);

/** GET /api/audit: every filter optional; `from` and `to` are whole days in Brussels, both included. */
export const auditQuery = z.object({
  page: positive(1_000_000).default(1),
  pageSize: positive(200).default(AUDIT_PAGE_SIZE),
  userId: positive(2_147_483_647).optional(),
  area: singleLineText().trim().max(50).optional(),
  action: singleLineText().trim().max(50).optional(),
  from: day.optional(),
  to: day.optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;
/** The filters as the server reads them (defaults applied); the Audit screen keeps the same shape. */
export type AuditFilters = z.output<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  area: z.string(),
  action: z.string(),
  recordId: z.string().nullable(),
  /** Per changed field: `{ from, to }`; a secret field only says `{ changed: true }`. */
  changes: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({ items: z.array(auditEntry), total: z.number() });
export type AuditPage = z.infer<typeof auditPage>;
