import { describe, expect, it } from 'vitest';
import { MSG, tooLong, vacancyHomeTileTaken } from '@app/shared/messages';
import { LIMITS } from '@app/shared/constants';
import { vacancyCreateForm, vacancyForm, type Vacancy } from '@app/shared/schemas/vacancies';
import { ADMIN, call, useTestApp } from '../../../test/helper';

const ctx = useTestApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = (method: Method, url: string, payload?: object) =>
  call(ctx.app, { method, url, token: ctx.adminToken, ...(payload ? { payload } : {}) });
const read = async (id: number) =>
  (await call(ctx.app, { method: 'GET', url: `/api/vacancy/${id}` })).json() as Vacancy;

const fields = {
  title: 'Security Engineer',
  expectation: 'Five years of experience.',
  function: 'You test systems.',
  description: 'A role in our scan team.',
  offer: 'A permanent contract.',
};
const create = async (over: object = {}) => {
  const res = await req('POST', '/api/vacancy', { ...fields, ...over });
  expect(res.statusCode).toBe(201);
  return res.json() as Vacancy;
};
/** What the edit screen sends: the vacancy it loaded with the form's values. */
const edited = (v: Vacancy, over: object = {}) => {
  const { id, title, expectation, function: fn, description, offer, version } = v;
  return { id, title, expectation, function: fn, description, offer, version, ...over };
};

describe('public reads', () => {
  it('lists the seeded vacancies', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/vacancy' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: Vacancy) => v.title)).toEqual(
      expect.arrayContaining(['Java Developer', 'Office Manager', 'Admin Manager']),
    );
  });

  it('reads one vacancy with every field of the view screens', async () => {
    const v = await read(1);
    expect(v).toMatchObject({ id: 1, title: 'Java Developer', version: 0 });
    expect(Object.keys(v).sort()).toEqual(
      [
        'closingDate',
        'date',
        'description',
        'employmentType',
        'expectation',
        'function',
        'homeTile',
        'id',
        'language',
        'location',
        'offer',
        'postedBy',
        'slug',
        'status',
        'tags',
        'title',
        'translations',
        'version',
      ].sort(),
    );
    expect(new Date(v.date).toISOString()).toBe(v.date);
  });

  it('answers 404 for a missing id and 400 for an id that is not a number', async () => {
    const missing = await call(ctx.app, { method: 'GET', url: '/api/vacancy/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.vacancyNotFound);
    expect((await call(ctx.app, { method: 'GET', url: '/api/vacancy/abc' })).statusCode).toBe(400);
    expect((await call(ctx.app, { method: 'GET', url: '/api/vacancy/0' })).statusCode).toBe(400);
  });
});

describe('create', () => {
  it('stores the vacancy with the editor as author, the date now and version 0', async () => {
    const before = Date.now();
    const v = await create({ tags: ['Security'] });
    expect(v).toMatchObject({ ...fields, postedBy: ADMIN.username, version: 0, tags: ['Security'] });
    expect(Date.parse(v.date)).toBeGreaterThanOrEqual(before - 1000);
    expect(await read(v.id)).toEqual(v);
  });

  it('needs only title and offer, keeps a given author', async () => {
    const v = await create({ expectation: undefined, function: undefined, description: undefined, postedBy: 'HR' });
    expect(v).toMatchObject({ expectation: '', function: '', description: '', postedBy: 'HR', tags: [] });
  });

  it.each([
    ['no offer', { offer: '' }, MSG.offerRequired],
    ['no title', { title: '  ' }, MSG.titleRequired],
    ['a title over the limit', { title: 'x'.repeat(LIMITS.title + 1) }, tooLong('The title', LIMITS.title)],
    [
      'a description over the limit',
      { description: 'x'.repeat(LIMITS.vacancyText + 1) },
      tooLong('The description', LIMITS.vacancyText),
    ],
    ['duplicate tags', { tags: ['Java', 'java'] }, MSG.tagsDuplicate],
  ])('refuses %s with its message', async (_name, over, message) => {
    const res = await req('POST', '/api/vacancy', { ...fields, ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('gives a field left out the message of an empty one', async () => {
    const res = await req('POST', '/api/vacancy', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: MSG.titleRequired },
        { field: 'offer', message: MSG.offerRequired },
      ]),
    );
    // A value of the wrong type is not "missing": zod's own type message.
    const wrongType = await req('POST', '/api/vacancy', { ...fields, title: 5 });
    expect(wrongType.json().errors[0].message).not.toBe(MSG.titleRequired);
  });

  it('refuses id, version and unknown fields, storing nothing', async () => {
    const count = (await call(ctx.app, { method: 'GET', url: '/api/vacancy' })).json().length;
    for (const extra of [{ id: 5 }, { version: 0 }, { salary: 'high' }]) {
      expect((await req('POST', '/api/vacancy', { ...fields, ...extra })).statusCode).toBe(400);
    }
    expect((await call(ctx.app, { method: 'GET', url: '/api/vacancy' })).json()).toHaveLength(count);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(ctx.app, { method: 'POST', url: '/api/vacancy', payload: fields })).statusCode).toBe(401);
  });
});

describe('update with optimistic locking', () => {
  it('saves with the version that was read and increments it', async () => {
    const v = await create();
    const res = await req('PUT', `/api/vacancy/${v.id}`, edited(v, { title: 'Senior Security Engineer' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: v.id,
      title: 'Senior Security Engineer',
      version: 1,
      postedBy: v.postedBy,
      date: v.date,
    });
    expect(await read(v.id)).toEqual(res.json());
  });

  it('accepts the loaded vacancy as it came, read-only fields included', async () => {
    const v = await create();
    const res = await req('PUT', `/api/vacancy/${v.id}`, { ...v, offer: 'A better offer.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ offer: 'A better offer.', version: 1 });
  });

  it('refuses a stale version with 409 and overwrites nothing', async () => {
    const v = await create();
    expect((await req('PUT', `/api/vacancy/${v.id}`, edited(v, { title: 'First editor' }))).statusCode).toBe(200);
    const stale = await req('PUT', `/api/vacancy/${v.id}`, edited(v, { title: 'Second editor' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.vacancyStale);
    expect(await read(v.id)).toMatchObject({ title: 'First editor', version: 1 });
  });

  it('refuses a missing version with 409 and a version that is not a number with 400', async () => {
    const v = await create();
    const { version: _version, ...withoutVersion } = edited(v, { title: 'Changed' });
    const missing = await req('PUT', `/api/vacancy/${v.id}`, withoutVersion);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(MSG.vacancyStale);
    expect((await req('PUT', `/api/vacancy/${v.id}`, edited(v, { version: 'zero' }))).statusCode).toBe(400);
    expect(await read(v.id)).toEqual(v);
  });

  it.each([
    ['title', MSG.titleRequired],
    ['expectation', MSG.expectationRequired],
    ['function', MSG.functionRequired],
    ['description', MSG.descriptionRequired],
    ['offer', MSG.offerRequired],
  ])('requires %s', async (field, message) => {
    const v = await read(1);
    const res = await req('PUT', '/api/vacancy/1', edited(v, { [field]: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await read(1)).toEqual(v);
  });

  it('answers 404 for a vacancy that is gone, 400 for a body id that differs and for unknown fields', async () => {
    const v = await create();
    const gone = await req('PUT', '/api/vacancy/999999', edited(v, { id: 999999 }));
    expect(gone.statusCode).toBe(404);
    expect((await req('PUT', `/api/vacancy/${v.id}`, edited(v, { id: v.id + 1 }))).statusCode).toBe(400);
    expect((await req('PUT', `/api/vacancy/${v.id}`, edited(v, { salary: 1 }))).statusCode).toBe(400);
    expect(await read(v.id)).toEqual(v);
  });
});

describe('careers tiles (decision 0124)', () => {
  it('the demo vacancies hold the tiles of their titles; a new vacancy holds none', async () => {
    const open = (await call(ctx.app, { method: 'GET', url: '/api/vacancy' })).json() as Vacancy[];
    expect(Object.fromEntries(open.filter((v) => v.homeTile).map((v) => [v.homeTile, v.title]))).toEqual({
      'java-developer': 'Java Developer',
      'office-manager': 'Office Manager',
      'admin-manager': 'Admin Manager',
    });
    expect((await create()).homeTile).toBeNull();
  });

  it('a renamed vacancy keeps its tile; another is refused it, named; None unties it', async () => {
    const open = (await call(ctx.app, { method: 'GET', url: '/api/vacancy' })).json() as Vacancy[];
    const holder = open.find((x) => x.homeTile === 'admin-manager')!;
    const renamed = await req('PUT', `/api/vacancy/${holder.id}`, edited(holder, { title: 'Admin Manager (Antwerp)' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Admin Manager (Antwerp)', homeTile: 'admin-manager' });

    const refused = await req('POST', '/api/vacancy', { ...fields, homeTile: 'admin-manager' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(vacancyHomeTileTaken('Admin Manager', 'Admin Manager (Antwerp)'));
    expect(refused.json().message).toBe(
      'The Admin Manager tile opens the vacancy "Admin Manager (Antwerp)" already: set its home page tile to None first.',
    );

    const untied = await req('PUT', `/api/vacancy/${holder.id}`, edited(renamed.json() as Vacancy, { homeTile: '' }));
    expect(untied.json()).toMatchObject({ homeTile: null });
    const other = await create({ homeTile: 'admin-manager' });
    expect(other.homeTile).toBe('admin-manager');
    const stolen = await req(
      'PUT',
      `/api/vacancy/${holder.id}`,
      edited(untied.json() as Vacancy, { homeTile: 'admin-manager' }),
    );
    expect(stolen.statusCode).toBe(409);
    expect((await read(holder.id)).homeTile).toBeNull();

    // Given back (null), the first takes it again, with its old title.
    expect(
      (await req('PUT', `/api/vacancy/${other.id}`, edited(other, { homeTile: null }))).json().homeTile,
    ).toBeNull();
    const again = await req(
      'PUT',
      `/api/vacancy/${holder.id}`,
      edited(untied.json() as Vacancy, { homeTile: 'admin-manager', title: 'Admin Manager' }),
    );
    expect(again.json()).toMatchObject({ homeTile: 'admin-manager', title: 'Admin Manager' });
  });

  it('refuses a tile that is not one of the three', async () => {
    const res = await req('POST', '/api/vacancy', { ...fields, homeTile: 'ceo' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(MSG.vacancyHomeTileInvalid);
  });
});

describe('delete', () => {
  it('deletes once, then answers 404', async () => {
    const v = await create();
    const res = await req('DELETE', `/api/vacancy/${v.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.vacancyDeleted);
    expect((await call(ctx.app, { method: 'GET', url: `/api/vacancy/${v.id}` })).statusCode).toBe(404);
    expect((await req('DELETE', `/api/vacancy/${v.id}`)).statusCode).toBe(404);
  });
});

describe('form schemas', () => {
  it('give the edit form every message of docs/behaviour/vacancies.md', () => {
    const r = vacancyForm.safeParse({ title: '', expectation: '', function: '', description: '', offer: '' });
    expect(r.success).toBe(false);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]))).toEqual({
      title: MSG.titleRequired,
      expectation: MSG.expectationRequired,
      function: MSG.functionRequired,
      description: MSG.descriptionRequired,
      offer: MSG.offerRequired,
    });
  });

  it('let the create form leave everything but title and offer empty', () => {
    expect(
      vacancyCreateForm.safeParse({ title: 't', expectation: '', function: '', description: '', offer: 'o' }).success,
    ).toBe(true);
  });
});
