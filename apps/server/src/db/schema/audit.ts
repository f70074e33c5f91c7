import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per staff action that changed something, per sign-in and per password change (migration 0005). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign key: the row outlives the staff member it names (the e-mail is kept beside it).
    userId: integer('user_id'),
    email: text('email'),
    address: text('address'),
    area: text('area').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at, t.id), index('audit_log_user_idx').on(t.userId, t.at)],
);
