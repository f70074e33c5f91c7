import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import type { MailboxListItem, MailboxesPage, Provider, ProvidersPage } from '@app/shared/schemas/mail';
import { buildTestApp, call, login } from '../../../test/helper';

/** More providers and mailboxes than the plain lists' bound. */
const MANY = 180;

let app: FastifyInstance;
let token: string;
let providerIds: number[];
let mailboxIds: number[];

beforeAll(async () => {
  app = await buildTestApp();
  token = await login(app);
  // One statement each: a provider per number, and a mailbox made from each of them.
  await app.db.execute(sql`
    insert into providers (provider_name, host, port)
    select 'Bulk provider ' || n, 'smtp' || n || '.example.com', 587 from generate_series(1, ${MANY}) as n`);
  await app.db.execute(sql`
    insert into mailboxes (provider_id, host, port, username)
    select id, host, port, 'box@' || host from providers where provider_name like 'Bulk provider %'`);
  const ids = async (table: string) =>
    (await app.db.execute<{ id: number }>(sql.raw(`select id from ${table} order by id`))).rows.map((r) =>
      Number(r.id),
    );
  providerIds = await ids('providers');
  mailboxIds = await ids('mailboxes');
}, 60_000);
afterAll(() => app.close());

const get = (url: string) => call(app, { method: 'GET', url, token });

/** Every page's ids in order, checking the shape of each page. */
async function allPages(url: string, total: number, pageSize: number) {
  const listed: number[] = [];
  for (let page = 1; page <= Math.ceil(total / pageSize); page++) {
    const body = (await get(`${url}?page=${page}&pageSize=${pageSize}`)).json() as {
      items: { id: number }[];
      total: number;
      page: number;
      pageSize: number;
    };
    expect(body).toMatchObject({ total, page, pageSize });
    listed.push(...body.items.map((i) => i.id));
  }
  return listed;
}

describe('GET /api/providers/all and /api/mailboxes/all at hundreds of rows', () => {
  it(`without page answer the spec's arrays, bounded to the oldest ${MAX_PAGE_SIZE}`, async () => {
    const providers = (await get('/api/providers/all')).json() as Provider[];
    expect(providers.map((p) => p.id)).toEqual(providerIds.slice(0, MAX_PAGE_SIZE));
    const mailboxes = (await get('/api/mailboxes/all')).json() as MailboxListItem[];
    expect(mailboxes.map((m) => m.id)).toEqual(mailboxIds.slice(0, MAX_PAGE_SIZE));
  });

  it("each mailbox comes with its own provider's settings, joined in the database", async () => {
    const page = (await get('/api/mailboxes/all?page=2&pageSize=50')).json() as MailboxesPage;
    expect(page.items).toHaveLength(50);
    for (const m of page.items) {
      expect(m.username).toBe(`box@${m.providerHost}`);
      expect(m.providerName).toBe(`Bulk provider ${/^smtp(\d+)\./.exec(m.providerHost)![1]}`);
      expect(m).not.toHaveProperty('passwordEnc');
    }
  });

  it('with page answer one page and the total; the pages list every row once, oldest first', async () => {
    const first = (await get('/api/providers/all?pageSize=10')).json() as ProvidersPage;
    expect(first).toMatchObject({ total: providerIds.length, page: 1, pageSize: 10 });
    expect(await allPages('/api/providers/all', providerIds.length, 43)).toEqual(providerIds);
    expect(await allPages('/api/mailboxes/all', mailboxIds.length, 43)).toEqual(mailboxIds);
  });

  it('refuses a page size above the maximum (400)', async () => {
    for (const url of ['/api/providers/all', '/api/mailboxes/all'])
      expect((await get(`${url}?pageSize=${MAX_PAGE_SIZE + 1}`)).statusCode, url).toBe(400);
  });
});
