import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { OPEN_VACANCIES_MAX, type Vacancy, type VacancyPage } from '@app/shared/schemas/vacancies';
import { VACANCY_OVERVIEW_PAGE_SIZE } from '@app/shared/schemas/vacancies';
import { buildTestApp, login } from '../../../test/helper';

/** More open vacancies than the public list answers, and closed ones only staff list. */
const OPEN = OPEN_VACANCIES_MAX + 20;
const CLOSED = 15;

let app: FastifyInstance;
let token: string;
let ids: { all: number[]; open: number[] };

beforeAll(async () => {
  app = await buildTestApp({ seedDemo: false });
  token = await login(app);
  await app.db.execute(sql`
    insert into vacancies (title, offer, status, slug)
    select 'Vacancy ' || n, 'An offer.', case when n > ${OPEN} then 'closed' else 'open' end, 'vacancy-' || n
    from generate_series(1, ${OPEN + CLOSED}) as n`);
  const read = async (where: string) =>
    (await app.db.execute<{ id: number }>(sql.raw(`select id from vacancies ${where} order by id`))).rows.map((r) =>
      Number(r.id),
    );
  ids = { all: await read(''), open: await read(`where status = 'open'`) };
}, 60_000);
afterAll(() => app.close());

const staff = (query = '') =>
  app.inject({ method: 'GET', url: `/api/vacancy/staff${query}`, headers: { authorization: `Bearer ${token}` } });

describe('the vacancy lists at more vacancies than a company opens', () => {
  it(`the public list answers the first ${OPEN_VACANCIES_MAX} open vacancies, an array as the specification has it`, async () => {
    const res = await app.inject({ method: 'GET', url: '/api/vacancy' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Vacancy[]).map((v) => v.id)).toEqual(ids.open.slice(0, OPEN_VACANCIES_MAX));
  });

  it(`the staff list answers pages of ${VACANCY_OVERVIEW_PAGE_SIZE} by default, which together list every vacancy once`, async () => {
    const first = (await staff()).json() as VacancyPage;
    expect(first).toMatchObject({ page: 1, pageSize: VACANCY_OVERVIEW_PAGE_SIZE, total: OPEN + CLOSED });
    expect(first.items.map((v) => v.id)).toEqual(ids.all.slice(0, VACANCY_OVERVIEW_PAGE_SIZE));
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await staff(`?page=${page}&pageSize=40`);
      expect(res.statusCode).toBe(200);
      seen.push(...(res.json() as VacancyPage).items.map((v) => v.id));
    }
    expect(seen).toEqual(ids.all);
    expect(((await staff('?page=9&pageSize=40')).json() as VacancyPage).items).toEqual([]);
  });

  it('refuses a page size past 100 and a page below 1', async () => {
    expect((await staff('?pageSize=101')).statusCode).toBe(400);
    expect((await staff('?page=0')).statusCode).toBe(400);
  });
});
