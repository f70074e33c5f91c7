import { sql } from 'drizzle-orm';
import { RETENTION_DAYS_DEFAULT } from '@app/shared/constants';
import { CANDIDATE_RETENTION_MONTHS_DEFAULT } from '@app/shared/retention-periods';
import type { Db } from '../../db/client';
import { contentRepository } from '../content';
import { mailLogRepository, outboxRepository } from '../outbox';
import { auditRepository, recordAudit } from '../audit';
import { eraseDueCandidates } from './candidates';
import { dropSpentLinks } from '../account-links';

/** The advisory-lock key of the retention job: any constant that no other code uses. */
export const RETENTION_LOCK_KEY = 740_514_005;

export type RetentionOutcome =
  | { ran: false }
  | {
      ran: true;
      retentionDays: number;
      messages: number;
      mailLogs: number;
      auditRows: number;
      candidates: number;
      accountLinks: number;
    };

/**
 * Erases what is past its period, in one transaction that holds a transaction-level advisory lock:
 * on a second instance (or a second run) `pg_try_advisory_xact_lock` answers false and the run is
 * skipped, never queued. The lock ends with the transaction, so a crashed run leaves none behind.
 * Contact messages and their files lose every personal field (the rows stay counted), mail-log rows
 * lose the sender's name and address, audit rows older than `auditDays` go, and candidates past
 * their period (`candidateMonths`, see ./candidates.ts) are erased, and one-time account links spent
 * more than 30 days ago are forgotten (account-links, SPENT_LINK_DAYS). The run itself is written to
 * the audit trail (area 'retention').
 */
export function runRetention(
  db: Db,
  auditDays: number,
  candidateMonths: number = CANDIDATE_RETENTION_MONTHS_DEFAULT,
): Promise<RetentionOutcome> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const locked = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`,
    );
    if (!locked.rows[0]?.locked) return { ran: false };
    const retentionDays = (await contentRepository(t).retentionDays()) ?? RETENTION_DAYS_DEFAULT;
    // Candidates first: their applications are then erased with them, whatever their age.
    const candidates = await eraseDueCandidates(t, candidateMonths);
    const messages = await outboxRepository(t).eraseOlderThan(retentionDays);
    const mailLogs = await mailLogRepository(t).anonymiseOlderThan(retentionDays);
    const auditRows = await auditRepository(t).expire(auditDays);
    const accountLinks = await dropSpentLinks(t);
    await recordAudit(t, {
      area: 'retention',
      action: 'run',
      userId: null,
      email: null,
      address: null,
      changes: {
        retentionDays: { to: retentionDays },
        messages: { to: messages },
        mailLogs: { to: mailLogs },
        auditRows: { to: auditRows },
        candidates: { to: candidates },
        accountLinks: { to: accountLinks },
      },
    });
    return { ran: true, retentionDays, messages, mailLogs, auditRows, candidates, accountLinks };
  });
}
