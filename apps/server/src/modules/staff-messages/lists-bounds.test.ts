import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MSG } from '@app/shared/messages';
import { MAIL_LOG_SORTS, type MailLog, type MailLogPage, type MessagesPage } from '@app/shared/schemas/mail';
import { MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import { buildTestApp, call, login } from '../../../test/helper';

/** More rows than the plain list's bound and several pages of every size asked below. */
const LOGS = 250;
const MESSAGES = 230;
const SUBJECT = 'bulk.subject@visitor.example';
/** Messages from SUBJECT: more than a default page, so the export must not be cut to one. */
const FROM_SUBJECT = 45;

let app: FastifyInstance;
let token: string;
/** Every mail-log row as stored, to sort in the test and compare with the server's order. */
let logs: (Omit<MailLog, 'sentTimestamp'> & { sentTimestamp: number })[];
/** Staff's messages (contact, not erased), newest first, ties by id. */
let newestFirst: number[];
let subjectNewestFirst: number[];

beforeAll(async () => {
  app = await buildTestApp();
  token = await login(app);
  // One statement each. Values of a column share one shape with digits in the same places, so any
  // collation sorts them alike; several rows share a value (and times come in pairs), so the
  // tie-break by id is exercised too.
  await app.db.execute(sql`
    insert into mail_logs (sender_full_name, sender_email, sent_timestamp, sent_to_mailbox, recipients)
    select 'Sender ' || lpad(((n * 37) % 101)::text, 3, '0'),
           'sender' || lpad(((n * 13) % 97)::text, 3, '0') || '@visitor.example',
           now() - make_interval(mins => n / 2),
           'box-' || (n % 3),
           'staff' || (n % 4) || '@company.example'
    from generate_series(1, ${LOGS}) as n`);
  await app.db.execute(sql`
    insert into contact_messages (full_name, email, phone_number, message, status, sent_at, created_at, kind, erased_at)
    select 'Bulk person ' || n,
           case when n <= ${FROM_SUBJECT} then (case when n % 2 = 0 then upper(${SUBJECT}) else ${SUBJECT} end)
                else 'bulk' || n || '@visitor.example' end,
           '+32 470 00 00 00',
           'The secret text of bulk message ' || n,
           'sent', now(), now() - make_interval(mins => n / 2),
           case when n > ${MESSAGES} and n <= ${MESSAGES} + 5 then 'confirmation' else 'contact' end,
           case when n > ${MESSAGES} + 5 then now() else null end
    from generate_series(1, ${MESSAGES + 10}) as n`);

  logs = (
    await app.db.execute<Record<string, unknown>>(
      sql`select id, sender_full_name, sender_email, sent_timestamp, sent_to_mailbox, recipients from mail_logs`,
    )
  ).rows.map((r) => ({
    id: Number(r['id']),
    senderFullName: String(r['sender_full_name']),
    senderEmail: String(r['sender_email']),
    sentTimestamp: new Date(r['sent_timestamp'] as string | Date).getTime(),
    sentToMailbox: String(r['sent_to_mailbox']),
    recipients: String(r['recipients']),
  }));
  const messages = (
    await app.db.execute<Record<string, unknown>>(
      sql`select id, email, created_at from contact_messages where kind = 'contact' and erased_at is null`,
    )
  ).rows.map((r) => ({
    id: Number(r['id']),
    email: String(r['email']).toLowerCase(),
    at: new Date(r['created_at'] as string | Date).getTime(),
  }));
  messages.sort((a, b) => b.at - a.at || b.id - a.id);
  newestFirst = messages.map((m) => m.id);
  subjectNewestFirst = messages.filter((m) => m.email === SUBJECT).map((m) => m.id);
}, 60_000);
afterAll(() => app.close());

const get = (url: string) => call(app, { method: 'GET', url, token });

/** The log's ids in the order the server must give for this sort column and direction. */
function expectedLogOrder(sort: (typeof MAIL_LOG_SORTS)[number] | undefined, order: 'asc' | 'desc'): number[] {
  const key = sort ?? 'sentTimestamp';
  const sign = order === 'asc' ? 1 : -1;
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...logs].sort((a, b) => sign * (cmp(a[key], b[key]) || a.id - b.id)).map((l) => l.id);
}

/** Reads every page of a list (`url` ends with ? or &) and answers the items' ids in order. */
async function allPages<T extends { id: number }>(url: string, pageSize: number) {
  const ids: number[] = [];
  const first = (await get(`${url}page=1&pageSize=${pageSize}`)).json() as { items: T[]; total: number };
  const pages = Math.ceil(first.total / pageSize);
  for (let page = 1; page <= pages; page++) {
    const res = await get(`${url}page=${page}&pageSize=${pageSize}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: T[]; total: number; page: number; pageSize: number };
    expect(body).toMatchObject({ total: first.total, page, pageSize });
    expect(body.items.length).toBe(page < pages ? pageSize : first.total - (pages - 1) * pageSize);
    ids.push(...body.items.map((i) => i.id));
  }
  return { ids, total: first.total };
}

describe('GET /api/mail-logs at hundreds of rows', () => {
  it(`without page answers the spec's array, bounded to the newest ${MAX_PAGE_SIZE}`, async () => {
    const res = await get('/api/mail-logs');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as MailLog[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.map((r) => r.id)).toEqual(expectedLogOrder(undefined, 'desc').slice(0, MAX_PAGE_SIZE));
  });

  it('sorts the bounded array by a column too', async () => {
    const rows = (await get('/api/mail-logs?sort=senderEmail&order=desc')).json() as MailLog[];
    expect(rows.map((r) => r.id)).toEqual(expectedLogOrder('senderEmail', 'desc').slice(0, MAX_PAGE_SIZE));
  });

  it('with page answers one page and the total; the pages list every row once, newest first', async () => {
    const first = (await get('/api/mail-logs?page=1')).json() as MailLogPage;
    expect(first).toMatchObject({ total: LOGS, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    const { ids, total } = await allPages<MailLog>('/api/mail-logs?', 37);
    expect(total).toBe(LOGS);
    expect(ids).toEqual(expectedLogOrder(undefined, 'desc'));
  });

  it.each(MAIL_LOG_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => [sort, order] as const)))(
    'sorts by %s %s in the database, page after page',
    async (sort, order) => {
      const { ids } = await allPages<MailLog>(`/api/mail-logs?sort=${sort}&order=${order}&`, 64);
      expect(ids).toEqual(expectedLogOrder(sort, order));
    },
  );

  it('a sort column without an order sorts ascending', async () => {
    const page = (await get('/api/mail-logs?sort=recipients&page=2&pageSize=30')).json() as MailLogPage;
    expect(page.items.map((r) => r.id)).toEqual(expectedLogOrder('recipients', 'asc').slice(30, 60));
  });

  it('refuses an unknown sort, order or page size (400)', async () => {
    for (const [query, field, message] of [
      ['sort=id', 'sort', MSG.mailLogSortInvalid],
      ['sort=senderEmail&order=up', 'order', MSG.mailLogSortInvalid],
      [`pageSize=${MAX_PAGE_SIZE + 1}`, 'pageSize', MSG.postPageSizeInvalid],
      ['page=0', 'page', MSG.postPageInvalid],
    ] as const) {
      const res = await get(`/api/mail-logs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0], query).toEqual({ field, message });
    }
  });
});

describe('GET /api/messages at hundreds of messages', () => {
  it('answers one page, newest first, of staff messages only (20 by default)', async () => {
    const res = await get('/api/messages');
    expect(res.statusCode).toBe(200);
    const page = res.json() as MessagesPage;
    expect(page).toMatchObject({ total: newestFirst.length, page: 1, pageSize: 20 });
    expect(page.items.map((m) => m.id)).toEqual(newestFirst.slice(0, 20));
  });

  it('carries what the screen shows, not the text, the phone number or the attachment', async () => {
    const res = await get(`/api/messages?pageSize=${MAX_PAGE_SIZE}`);
    expect(res.body).not.toContain('The secret text of bulk message');
    expect(res.body).not.toContain('+32 470');
    expect(res.body).not.toMatch(/attachmentBase64|"attachment"/);
    const [item] = (res.json() as MessagesPage).items;
    expect(Object.keys(item!).sort()).toEqual(
      [
        'id',
        'fullName',
        'email',
        'vacancyId',
        'vacancyTitle',
        'language',
        'hasAttachment',
        'attachmentName',
        'status',
        'attempts',
        'nextAttemptAt',
        'lastError',
        'createdAt',
        'sentAt',
      ].sort(),
    );
  });

  it('pages together list every message once, newest first; confirmations and erased rows are not listed', async () => {
    const { ids, total } = await allPages('/api/messages?', 29);
    expect(total).toBe(newestFirst.length);
    expect(ids).toEqual(newestFirst);
  });

  it("with ?email= pages through that person's messages only, ignoring case", async () => {
    const { ids, total } = await allPages(`/api/messages?email=${encodeURIComponent(SUBJECT.toUpperCase())}&`, 20);
    expect(total).toBe(FROM_SUBJECT);
    expect(ids).toEqual(subjectNewestFirst);
  });

  it("the export stays whole: every message from the address, past one page's worth", async () => {
    const res = await get(`/api/messages/export?email=${encodeURIComponent(SUBJECT)}`);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { messages: { id: number; message: string }[] }).messages.map((m) => m.id);
    expect(ids).toEqual(subjectNewestFirst);
    expect(res.body).toContain('The secret text of bulk message');
  });

  it('refuses a page size above the maximum (400)', async () => {
    expect((await get(`/api/messages?pageSize=${MAX_PAGE_SIZE + 1}`)).statusCode).toBe(400);
  });
});

describe('the dashboard at hundreds of messages', () => {
  it('shows the five newest and counts the rest in the database', async () => {
    const res = await get('/api/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { latestMessages: { id: number }[]; mail: { waiting: number; failed: number } };
    expect(body.latestMessages.map((m) => m.id)).toEqual(newestFirst.slice(0, 5));
    expect(res.body).not.toContain('The secret text of bulk message');
  });
});

describe('the indexes behind the orders (migration 0011)', () => {
  /** The plan of a query with sequential scans made dear: an index that serves it is then used. */
  const planOf = (query: ReturnType<typeof sql>) =>
    app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it('the Messages screen reads its page in index order', async () => {
    const plan = await planOf(
      sql`select id from contact_messages where kind = 'contact' and erased_at is null
          order by created_at desc, id desc limit 20 offset 40`,
    );
    expect(plan).toContain('contact_messages_staff_list_idx');
    expect(plan).not.toMatch(/Sort Key/);
  });

  it.each([
    ['sent_timestamp', 'mail_logs_sent_idx'],
    ['sender_full_name', 'mail_logs_sender_name_idx'],
    ['sender_email', 'mail_logs_sender_email_idx'],
  ])('the mail log reads its page by %s in index order, either way', async (column, index) => {
    for (const dir of ['asc', 'desc']) {
      const plan = await planOf(
        sql.raw(`select id from mail_logs order by ${column} ${dir}, id ${dir} limit 100 offset 100`),
      );
      expect(plan, `${column} ${dir}`).toContain(index);
      expect(plan, `${column} ${dir}`).not.toMatch(/Sort Key/);
    }
  });
});
