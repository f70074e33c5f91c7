import { describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import { brusselsDate } from '@app/shared/brussels';
import type { Vacancy, VacancyPage } from '@app/shared/schemas/vacancies';
import { call, tokenFor, useTestApp } from '../../../test/helper';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const req = (method: Method, url: string, payload?: object) =>
  call(ctx.app, { method, url, token: ctx.adminToken, ...(payload ? { payload } : {}) });
const publicIds = async () =>
  ((await call(ctx.app, { method: 'GET', url: '/api/vacancy' })).json() as Vacancy[]).map((v) => v.id);
const staffIds = async () =>
  ((await req('GET', '/api/vacancy/staff?pageSize=100')).json() as VacancyPage).items.map((v) => v.id);

const fields = { title: 'Pentester (m/v/x) — Gent', offer: 'A permanent contract.' };
const create = async (over: object = {}) => {
  const res = await req('POST', '/api/vacancy', { ...fields, ...over });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Vacancy;
};
/** A Brussels day `days` from today. */
const day = (days: number) => brusselsDate(new Date(Date.now() + days * 86_400_000));

describe('defaults (an older client sends none of the new fields)', () => {
  it('creates an open, full-time vacancy in Antwerp with a slug from the title', async () => {
    const v = await create();
    expect(v).toMatchObject({
      status: 'open',
      closingDate: null,
      employmentType: 'FULL_TIME',
      location: 'Antwerp, Belgium',
      slug: 'pentester-m-v-x-gent',
    });
  });

  it('keeps the stored status, closing date, type, location and slug when an update leaves them out', async () => {
    const v = await create({
      status: 'closed',
      closingDate: day(30),
      employmentType: 'PART_TIME',
      location: 'Gent',
      slug: 'pentest',
    });
    const { id, title, offer, version } = v;
    const res = await req('PUT', `/api/vacancy/${id}`, {
      id,
      title,
      offer,
      version,
      expectation: 'e',
      function: 'f',
      description: 'd',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'closed',
      closingDate: day(30),
      employmentType: 'PART_TIME',
      location: 'Gent',
      slug: 'pentest',
      version: 1,
    });
  });
});

describe('status and closing date', () => {
  it('lists only open vacancies whose closing date has not passed; staff see them all', async () => {
    const open = await create();
    const today = await create({ closingDate: day(0) });
    const later = await create({ closingDate: day(10) });
    const closed = await create({ status: 'closed' });
    const expired = await create({ closingDate: day(-2) });
    const listed = await publicIds();
    expect(listed).toEqual(expect.arrayContaining([open.id, today.id, later.id]));
    expect(listed).not.toContain(closed.id);
    expect(listed).not.toContain(expired.id);
    expect(await staffIds()).toEqual(expect.arrayContaining([open.id, closed.id, expired.id]));
    expect((await req('GET', '/api/vacancy/staff')).headers['cache-control']).toBe('private, no-store');
  });

  it('still serves a closed vacancy by id, so its page can say the position is filled', async () => {
    const closed = await create({ status: 'closed' });
    const res = await call(ctx.app, { method: 'GET', url: `/api/vacancy/${closed.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed' });
  });

  it('lets staff reopen a closed or expired vacancy', async () => {
    const v = await create({ status: 'closed', closingDate: day(-3) });
    expect(await publicIds()).not.toContain(v.id);
    const res = await req('PUT', `/api/vacancy/${v.id}`, {
      ...v,
      expectation: 'e',
      function: 'f',
      description: 'd',
      status: 'open',
      closingDate: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', closingDate: null });
    expect(await publicIds()).toContain(v.id);
  });

  it('reopens with POST /reopen: status open, a passed closing date cleared, texts untouched, even when the edit form would refuse them', async () => {
    // Created with the create form's rules: no expectation, function or description.
    const expired = await create({ status: 'closed', closingDate: day(-3) });
    const res = await req('POST', `/api/vacancy/${expired.id}/reopen`, { version: expired.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', closingDate: null, expectation: '', version: 1 });
    expect(await publicIds()).toContain(expired.id);

    const later = await create({ status: 'closed', closingDate: day(5) });
    expect((await req('POST', `/api/vacancy/${later.id}/reopen`, { version: 0 })).json()).toMatchObject({
      status: 'open',
      closingDate: day(5),
    });
  });

  it('refuses a stale reopen with 409, an unknown vacancy with 404 and anonymous callers with 401', async () => {
    const v = await create({ status: 'closed' });
    const stale = await req('POST', `/api/vacancy/${v.id}/reopen`, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.vacancyStale);
    expect((await req('POST', '/api/vacancy/999999/reopen', { version: 0 })).statusCode).toBe(404);
    expect((await req('POST', `/api/vacancy/${v.id}/reopen`, {})).statusCode).toBe(400);
    const anonymous = await call(ctx.app, {
      method: 'POST',
      url: `/api/vacancy/${v.id}/reopen`,
      payload: { version: 0 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await req('GET', `/api/vacancy/${v.id}`)).json()).toMatchObject({ status: 'closed', version: 0 });
  });

  it('shows staff the full list only with the admin role', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/vacancy/staff' })).statusCode).toBe(401);
    const { token: user } = await tokenFor(ctx.app, 'ROLE_USER');
    expect((await call(ctx.app, { method: 'GET', url: '/api/vacancy/staff', token: user })).statusCode).toBe(403);
  });
});

describe('employment type, location and slug', () => {
  it('stores what staff chose', async () => {
    const v = await create({
      employmentType: 'CONTRACTOR',
      location: 'Brussels, Belgium',
      slug: 'freelance-pentester',
    });
    expect(v).toMatchObject({
      employmentType: 'CONTRACTOR',
      location: 'Brussels, Belgium',
      slug: 'freelance-pentester',
    });
  });

  it('makes a new slug when the title changes and none is given, and keeps it when the title stays', async () => {
    const v = await create();
    const base = { ...v, expectation: 'e', function: 'f', description: 'd', slug: undefined };
    const same = (await req('PUT', `/api/vacancy/${v.id}`, { ...base, offer: 'Better.' })).json() as Vacancy;
    expect(same.slug).toBe(v.slug);
    const renamed = (
      await req('PUT', `/api/vacancy/${v.id}`, { ...base, version: same.version, title: 'Élève Sécurité' })
    ).json() as Vacancy;
    expect(renamed.slug).toBe('eleve-securite');
  });

  it.each([
    ['a status that is not open or closed', { status: 'filled' }, MSG.vacancyStatusInvalid],
    ['a closing date that is not a date', { closingDate: '31/12/2026' }, MSG.vacancyClosingDateInvalid],
    ['an impossible closing date', { closingDate: '2026-02-30' }, MSG.vacancyClosingDateInvalid],
    ['an unknown employment type', { employmentType: 'SOMETIMES' }, MSG.vacancyEmploymentTypeInvalid],
    ['an empty location', { location: '  ' }, MSG.vacancyLocationRequired],
    ['a location over two lines', { location: 'Antwerp\nBelgium' }, MSG.lineBreaks],
    ['a slug with capitals', { slug: 'Pentester' }, MSG.vacancySlugInvalid],
    ['a slug with a double hyphen', { slug: 'pen--tester' }, MSG.vacancySlugInvalid],
  ])('refuses %s with 400 and its message', async (_name, over, message) => {
    const res = await req('POST', '/api/vacancy', { ...fields, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
