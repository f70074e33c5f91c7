import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import type { AuditPage } from '@app/shared/schemas/audit';
import type { MessagesPage } from '@app/shared/schemas/mail';
import { call, useTestApp } from '../../../test/helper';
import { pdfBytes } from '../../../test/contact-fixtures';
import { accountTokens, auditLog, contactMessages, mailLogs, roles } from '../../db/schema';
import { mailLogRepository, outboxService } from '../outbox';
import { RETENTION_LOCK_KEY, runRetention } from './service';

const ctx = useTestApp();
const get = (url: string) => call(ctx.app, { method: 'GET', url, token: ctx.adminToken });

/** A received message `daysAgo` days old, with a CV and a mail-log row. */
async function received(name: string, daysAgo: number) {
  const db = ctx.app.db;
  const id = await outboxService(db).enqueue({
    fullName: name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@visitor.example`,
    phoneNumber: '+32 3 000 00 00',
    message: `A message from ${name}.`,
    attachmentName: 'cv.pdf',
    attachment: pdfBytes(),
  });
  await db.execute(
    sql`update contact_messages set status = 'sent', created_at = now() - (${daysAgo} * interval '1 day') where id = ${id}`,
  );
  await mailLogRepository(db).insert({
    messageId: id,
    senderFullName: name,
    senderEmail: 'x@visitor.example',
    sentToMailbox: 'box',
    recipients: 'staff@company.example',
  });
  await db.execute(
    sql`update mail_logs set sent_timestamp = now() - (${daysAgo} * interval '1 day') where message_id = ${id}`,
  );
  return id;
}
const row = async (id: number) =>
  (await ctx.app.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]!;
const logOf = async (id: number) => (await ctx.app.db.select().from(mailLogs).where(eq(mailLogs.messageId, id)))[0]!;

describe('retention', () => {
  it('erases the personal fields and the file of messages past the period, keeps younger ones and every row counted', async () => {
    const old = await received('Old Visitor', 181);
    const young = await received('Young Visitor', 179);
    const [{ n: before }] = (
      await ctx.app.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`)
    ).rows as [{ n: number }];

    const outcome = await runRetention(ctx.app.db, 365);
    expect(outcome).toMatchObject({ ran: true, retentionDays: 180 });
    expect(outcome.ran && outcome.messages).toBeGreaterThanOrEqual(1);

    expect(await row(old)).toMatchObject({
      fullName: '',
      email: '',
      phoneNumber: '',
      message: '',
      attachment: null,
      attachmentName: null,
      status: 'sent',
    });
    expect((await row(old)).erasedAt).toBeInstanceOf(Date);
    expect(await row(young)).toMatchObject({ fullName: 'Young Visitor', attachmentName: 'cv.pdf', erasedAt: null });
    expect((await row(young)).attachment).not.toBeNull();
    expect(await logOf(old)).toMatchObject({
      senderFullName: '',
      senderEmail: '',
      recipients: 'staff@company.example',
    });
    expect(await logOf(young)).toMatchObject({ senderFullName: 'Young Visitor' });
    const [{ n: after }] = (
      await ctx.app.db.execute<{ n: number }>(sql`select count(*)::int as n from contact_messages`)
    ).rows as [{ n: number }];
    expect(after).toBe(before);

    // Staff no longer see the erased message; the young one is still there.
    const listed = ((await get('/api/messages?pageSize=100')).json() as MessagesPage).items;
    expect(listed.map((m) => m.id)).toContain(young);
    expect(listed.map((m) => m.id)).not.toContain(old);
  });

  it('follows the period set in the site settings', async () => {
    const msg = await received('Twenty Days', 20);
    const settings = (await get('/api/settings/admin')).json() as Record<string, unknown>;
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/settings',
      token: ctx.adminToken,
      payload: { ...settings, retentionDays: 10 },
    });
    expect(res.statusCode).toBe(200);
    await runRetention(ctx.app.db, 365);
    expect((await row(msg)).fullName).toBe('');
    await call(ctx.app, {
      method: 'PUT',
      url: '/api/settings',
      token: ctx.adminToken,
      payload: { ...settings, retentionDays: 180 },
    });
  });

  it('refuses a retention period outside 1 to 3650 days', async () => {
    const settings = (await get('/api/settings/admin')).json() as Record<string, unknown>;
    for (const retentionDays of [0, 3651, 1.5, '30']) {
      const res = await call(ctx.app, {
        method: 'PUT',
        url: '/api/settings',
        token: ctx.adminToken,
        payload: { ...settings, retentionDays },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('retentionDays');
    }
  });

  it('expires audit rows past the audit period and records its run in the trail', async () => {
    await ctx.app.db.insert(auditLog).values([
      { area: 'posts', action: 'old-row', at: new Date(Date.now() - 400 * 86_400_000) },
      { area: 'posts', action: 'recent-row', at: new Date(Date.now() - 300 * 86_400_000) },
    ]);
    const outcome = await runRetention(ctx.app.db, 365);
    expect(outcome).toMatchObject({ ran: true, auditRows: 1 });
    const actions = (await ctx.app.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toContain('recent-row');
    expect(actions).not.toContain('old-row');
    const trail = (await get('/api/audit?area=retention&action=run')).json() as AuditPage;
    expect(trail.items[0]).toMatchObject({
      userId: null,
      changes: { auditRows: { to: 1 }, retentionDays: { to: 180 } },
    });
  });

  it('forgets one-time links spent more than 30 days ago, and keeps open invitations, expired or not', async () => {
    const day = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    const [role] = await ctx.app.db.select({ id: roles.id }).from(roles).limit(1);
    const link = (email: string, purpose: 'invite' | 'reset', expiresAt: Date, usedAt: Date | null) => ({
      purpose,
      tokenHash: `hash-of-${email}`,
      email,
      roleId: purpose === 'invite' ? role!.id : null,
      expiresAt,
      usedAt,
    });
    await ctx.app.db
      .insert(accountTokens)
      .values([
        link('used-long-ago@links.example', 'invite', ago(40), ago(45)),
        link('used-lately@links.example', 'reset', ago(9), ago(10)),
        link('reset-expired-long-ago@links.example', 'reset', ago(31), null),
        link('reset-expired-lately@links.example', 'reset', ago(29), null),
        link('invite-expired-long-ago@links.example', 'invite', ago(60), null),
      ]);
    const outcome = await runRetention(ctx.app.db, 365);
    expect(outcome).toMatchObject({ ran: true, accountLinks: 2 });
    const left = (await ctx.app.db.select({ email: accountTokens.email }).from(accountTokens))
      .map((r) => r.email)
      .filter((e) => e.endsWith('@links.example'))
      .sort();
    expect(left).toEqual([
      'invite-expired-long-ago@links.example',
      'reset-expired-lately@links.example',
      'used-lately@links.example',
    ]);
    // The staff still see the expired invitation, to resend or withdraw it.
    const open = (await get('/api/invitations')).json() as { email: string; expired: boolean }[];
    expect(open).toContainEqual(
      expect.objectContaining({ email: 'invite-expired-long-ago@links.example', expired: true }),
    );
    const trail = (await get('/api/audit?area=retention&action=run')).json() as AuditPage;
    expect(trail.items[0]).toMatchObject({ changes: { accountLinks: { to: 2 } } });
  });

  // The lock needs a second session: PGlite has one, so this runs on PostgreSQL (TEST_DATABASE_URL).
  it.runIf(process.env['TEST_DATABASE_URL'])('skips the run while another instance holds the lock', async () => {
    const msg = await received('Locked Out', 400);
    const other = new pg.Client({ connectionString: ctx.app.config.databaseUrl });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [RETENTION_LOCK_KEY]);
      expect(await runRetention(ctx.app.db, 365)).toEqual({ ran: false });
      expect((await row(msg)).fullName).toBe('Locked Out');
      await other.query('select pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]);
      expect((await runRetention(ctx.app.db, 365)).ran).toBe(true);
      expect((await row(msg)).fullName).toBe('');
    } finally {
      await other.end();
    }
  });

  it('runs one at a time: two runs at once erase each message once', async () => {
    await received('Twice Old', 300);
    const outcomes = await Promise.all([runRetention(ctx.app.db, 365), runRetention(ctx.app.db, 365)]);
    const erased = outcomes.reduce((sum, o) => sum + (o.ran ? o.messages : 0), 0);
    expect(erased).toBe(1);
  });
});
