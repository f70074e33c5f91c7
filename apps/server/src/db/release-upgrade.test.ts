import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../start-app';
import { testConfig } from '../../test/config';
import { migrationsFolder } from './client';
import { pgliteExtensions } from './open-pglite';
import { call, login } from '../../test/helper';
import type { Post } from '@app/shared/schemas/posts';
import type { VacancyPage } from '@app/shared/schemas/vacancies';
import { slugify } from '@app/shared/slug';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import type { AuditPage } from '@app/shared/schemas/audit';
import { databaseOn, withServer } from '../../test/global-setup';

/**
 * A database made by an earlier release must upgrade with its content intact. The fixture holds
 * the rows that release 1 (migrations up to 0000_init) wrote through its own seed and API: the
 * demo posts with their images, vacancies, page texts, users, a provider and mailbox, a sent
 * message with its mail-log row and a waiting application with a PDF. The test recreates that
 * release's schema from the migrations it had, loads the rows, and starts today's app on it.
 *
 * For a new release: keep this file's fixture, add one made by the new release beside it
 * (dump every table as in the fixture) and run the same checks from both.
 */
const RELEASE_1_MIGRATIONS = 1;
const FIXTURE = path.resolve(import.meta.dirname, '../../test/fixtures/release-1-data.sql.gz');
const ADMIN = { username: 'admin@release1.example', password: 'release-1-password' };
const SECRET = 'release-1-secret-key-that-is-long-enough-0123';

/** The migrations folder as that release shipped it: its first `count` journal entries. */
function migrationsOfRelease(count: number, dir: string) {
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

let app: FastifyInstance;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'release-upgrade-'));

beforeAll(async () => {
  const oldMigrations = migrationsOfRelease(RELEASE_1_MIGRATIONS, path.join(temp, 'migrations'));
  const rows = zlib.gunzipSync(fs.readFileSync(FIXTURE)).toString('utf8');
  const config = { secretKey: SECRET, adminEmail: 'someone-else@example.com', adminPassword: 'not-used-123' };
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (serverUrl) {
    const name = `t_upgrade_${crypto.randomBytes(4).toString('hex')}`;
    await withServer(serverUrl, (c) => c.query(`create database ${name}`));
    const pool = new pg.Pool({ connectionString: databaseOn(serverUrl, name) });
    await migratePg(drizzlePg(pool), { migrationsFolder: oldMigrations });
    await pool.query(rows);
    await pool.end();
    app = await startApp(testConfig({ ...config, databaseUrl: databaseOn(serverUrl, name) }));
    app.addHook('onClose', () => withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`)));
  } else {
    const old = await PGlite.create({ extensions: pgliteExtensions });
    await migratePglite(drizzlePglite(old), { migrationsFolder: oldMigrations });
    await old.exec(rows);
    const snapshot = path.join(temp, 'release-1.tar');
    fs.writeFileSync(snapshot, Buffer.from(await (await old.dumpDataDir('none')).arrayBuffer()));
    await old.close();
    app = await startApp(testConfig(config), { pgliteSnapshot: snapshot });
  }
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

describe('a database made by release 1', () => {
  it('keeps its administrator, users and their roles', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const users = (await call(app, { method: 'GET', url: '/api/users/all', token })).json() as { email: string }[];
    expect(users.map((u) => u.email).sort()).toEqual(['admin@release1.example', 'editor@release1.example']);
    expect(await login(app, 'editor@release1.example', 'editor-password')).toBeTruthy();
  });

  it('signs its users in as before: no forced password change, no two-factor (migration 0006)', async () => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/login',
      payload: { username: ADMIN.username, password: ADMIN.password },
    });
    expect(res.json()).toMatchObject({ user: { username: ADMIN.username }, redirect: '/admin' });
    expect(res.json().passwordChangeRequired).toBeUndefined();
    expect(res.json().twoFactorRequired).toBeUndefined();
    const token = res.json().user.token as string;
    expect((await call(app, { method: 'GET', url: '/api/account/2fa', token })).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });
  });

  it('keeps its posts with their images, its vacancies and page texts', async () => {
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as {
      name: string;
      postImages: { url?: string }[];
    }[];
    expect(posts).toHaveLength(3);
    expect(posts.flatMap((p) => p.postImages)).toHaveLength(6);
    const image = JSON.stringify(posts[0]!.postImages[0]).match(/\/images\/[^"]+/)![0];
    const served = await app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.length).toBeGreaterThan(1000);

    const vacancies = (await app.inject({ method: 'GET', url: '/api/vacancy' })).json() as unknown[];
    expect(vacancies).toHaveLength(3);
    const masthead = (await app.inject({ method: 'GET', url: '/api/masthead' })).json() as { mastheadTitle: string };
    expect(masthead.mastheadTitle.length).toBeGreaterThan(0);
  });

  it('publishes its posts as they were: published at their date, slugs from the titles, alt text = title (migration 0003)', async () => {
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as Post[];
    expect(posts).toHaveLength(3);
    for (const post of posts) {
      expect(post.status).toBe('published');
      expect(post.publishAt).toBe(post.date);
      expect(post.slug).toBe(slugify(post.name));
      for (const image of post.postImages) expect(image).toMatchObject({ alt: post.name, caption: '' });
    }
  });

  it('keeps its vacancies open, full time in Antwerp, with slugs from the titles (migration 0004)', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const all = ((await call(app, { method: 'GET', url: '/api/vacancy/staff', token })).json() as VacancyPage).items;
    expect(all).toHaveLength(3);
    for (const v of all) {
      expect(v).toMatchObject({
        status: 'open',
        closingDate: null,
        employmentType: 'FULL_TIME',
        location: 'Antwerp, Belgium',
      });
      expect(v.slug).toBe(slugify(v.title, 'vacancy'));
      expect(v.offer.length).toBeGreaterThan(0);
    }
    // The staff list adds each language's state; the rest is the public answer.
    expect((await app.inject({ method: 'GET', url: '/api/vacancy' })).json()).toEqual(
      all.map(({ translationStates: _states, ...v }) => v),
    );
  });

  it('keeps its messages, the attachment of a waiting one, and the mail log', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const messages = JSON.stringify((await call(app, { method: 'GET', url: '/api/messages', token })).json());
    expect(messages).toContain('visitor@release1.example');
    expect(messages).toContain('candidate@release1.example');
    expect(messages).toContain('cv.pdf');
    const log = JSON.stringify((await call(app, { method: 'GET', url: '/api/mail-logs', token })).json());
    expect(log).toContain('visitor@release1.example');
  });
});

describe('a database made by release 1, after migration 0009', () => {
  it('ties each careers tile to the vacancy of its title, which keeps it when renamed', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const all = ((await call(app, { method: 'GET', url: '/api/vacancy/staff', token })).json() as VacancyPage).items;
    expect(all.map((v) => [v.title, v.homeTile])).toEqual([
      ['Java Developer', 'java-developer'],
      ['Office Manager', 'office-manager'],
      ['Admin Manager', 'admin-manager'],
    ]);
    const office = all[1]!;
    const renamed = await call(app, {
      method: 'PUT',
      url: `/api/vacancy/${office.id}`,
      token,
      payload: { ...office, title: 'Office Manager (Antwerp)' },
    });
    expect(renamed.json()).toMatchObject({ title: 'Office Manager (Antwerp)', homeTile: 'office-manager' });
  });
});

/**
 * Migration 0009 on vacancies release 1 could hold beside the demo ones: the tile goes to the
 * vacancy it opened before (open and unexpired, title equal but for case and outer spaces), else
 * to the oldest with that title; a title no tile has gets none.
 */
describe('migration 0009 (careers tiles)', () => {
  it('ties each tile to the vacancy it opened, else the oldest of its title', async () => {
    const db = await PGlite.create({ extensions: pgliteExtensions });
    const upTo0008 = migrationsOfRelease(9, path.join(temp, 'migrations-0008'));
    await migratePglite(drizzlePglite(db), { migrationsFolder: upTo0008 });
    await db.exec(`
      insert into vacancies (id, title, offer, status, closing_date) values
        (1, 'Java Developer', 'o', 'closed', null),
        (2, '  java developer ', 'o', 'open', null),
        (3, 'Office Manager', 'o', 'open', '2001-01-01'),
        (4, 'Office Manager', 'o', 'closed', null),
        (5, 'Admin Manager (Antwerp)', 'o', 'open', null),
        (6, 'Security Engineer', 'o', 'open', null);`);
    await migratePglite(drizzlePglite(db), { migrationsFolder });
    const rows = (
      await db.query<{ id: number; home_tile: string | null }>('select id, home_tile from vacancies order by id')
    ).rows;
    expect(rows.map((r) => [r.id, r.home_tile])).toEqual([
      [1, null],
      [2, 'java-developer'],
      [3, 'office-manager'],
      [4, null],
      [5, null],
      [6, null],
    ]);
    await db.close();
  });
});

describe('a database made by release 1, after migration 0005', () => {
  it('gets the default retention period and privacy text, and an empty audit trail that then records', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const settings = (await call(app, { method: 'GET', url: '/api/settings/admin', token })).json() as {
      retentionDays: number;
      privacyText: string;
    };
    expect(settings.retentionDays).toBe(180);
    expect(settings.privacyText).toBe(SITE_DEFAULT_MSG.privacyTextDefault);
    const trail = (await call(app, { method: 'GET', url: '/api/audit', token })).json() as AuditPage;
    expect(trail.items.map((r) => `${r.area}/${r.action}`)).toContain('session/sign-in');
  });

  it("finds release 1's messages by address, none of them erased", async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const found = (
      await call(app, { method: 'GET', url: '/api/messages?email=candidate@release1.example', token })
    ).json().items as { attachmentName: string | null }[];
    expect(found).toHaveLength(1);
    expect(found[0]!.attachmentName).toBe('cv.pdf');
  });
});

describe('a database made by release 1, after migration 0013 (staff roles)', () => {
  it('keeps every user in the role they had, and offers the new roles beside them', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const users = (await call(app, { method: 'GET', url: '/api/users/all', token })).json() as {
      email: string;
      roles: string[];
    }[];
    const rolesOf = (email: string) => users.find((u) => u.email === email)!.roles;
    expect(rolesOf('admin@release1.example')).toEqual(['ROLE_ADMIN']);
    expect(rolesOf('editor@release1.example')).toEqual(['ROLE_USER']);
    const roles = (await call(app, { method: 'GET', url: '/api/roles', token })).json() as { name: string }[];
    expect(roles.map((r) => r.name)).toEqual([
      'ROLE_ADMIN',
      'ROLE_USER',
      'ROLE_CONTRIBUTOR',
      'ROLE_EDITOR',
      'ROLE_RECRUITER',
    ]);
    const profile = await call(app, { method: 'GET', url: '/api/account/profile', token });
    expect(profile.json()).toEqual({ email: ADMIN.username, displayName: '', roles: ['ROLE_ADMIN'] });
  });

  it('leaves its posts without an owner (its audit trail names no creator) and none waiting for review', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const page = (await call(app, { method: 'GET', url: '/api/posts/staff', token })).json() as {
      items: { ownerId: number | null; reviewRequestedAt: string | null }[];
    };
    expect(page.items).toHaveLength(3);
    for (const post of page.items) expect(post).toMatchObject({ ownerId: null, reviewRequestedAt: null });
  });
});

/**
 * Migration 0013 gives a post the owner its audit trail names as its creator, when that user still
 * exists; other posts stay without one (editors and administrators edit them).
 */
describe('migration 0013 (post owners)', () => {
  it('takes the creator from the audit trail, else none', async () => {
    const db = await PGlite.create({ extensions: pgliteExtensions });
    const upTo0012 = migrationsOfRelease(13, path.join(temp, 'migrations-0012'));
    await migratePglite(drizzlePglite(db), { migrationsFolder: upTo0012 });
    await db.exec(`
      insert into users (id, email, password_hash) values (1, 'a@example.com', 'x'), (2, 'b@example.com', 'x');
      insert into posts (id, name, posted_by, content) values
        (1, 'By a', 'A', 'content one'), (2, 'By b, edited by a', 'B', 'content two'),
        (3, 'By a deleted user', 'C', 'content three'), (4, 'Before the trail', 'D', 'content four');
      insert into audit_log (user_id, area, action, record_id, at) values
        (1, 'posts', 'create', '1', '2026-01-01'),
        (2, 'posts', 'create', '2', '2026-01-02'), (1, 'posts', 'update', '2', '2026-01-03'),
        (9, 'posts', 'create', '3', '2026-01-04'),
        (1, 'vacancies', 'create', '4', '2026-01-05');`);
    await migratePglite(drizzlePglite(db), { migrationsFolder });
    const rows = (await db.query<{ id: number; owner_id: number | null }>('select id, owner_id from posts order by id'))
      .rows;
    expect(rows.map((r) => [r.id, r.owner_id])).toEqual([
      [1, 1],
      [2, 2],
      [3, null],
      [4, null],
    ]);
    await db.close();
  });
});

describe('a database made by release 1, after migration 0014', () => {
  it('invites a new colleague by mail and keeps its messages what they were (no account mail among them)', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const roles = (await call(app, { method: 'GET', url: '/api/roles', token })).json() as {
      id: number;
      name: string;
    }[];
    const roleId = roles.find((r) => r.name === 'ROLE_USER')!.id;
    const before = (await call(app, { method: 'GET', url: '/api/messages', token })).json() as { total: number };
    const invited = await call(app, {
      method: 'POST',
      url: '/api/invitations',
      token,
      payload: { email: 'newcomer@release1.example', roleId },
    });
    expect(invited.statusCode).toBe(201);
    const list = (await call(app, { method: 'GET', url: '/api/invitations', token })).json() as { email: string }[];
    expect(list.map((i) => i.email)).toEqual(['newcomer@release1.example']);
    // The invitation's mail waits in the outbox, but is no message for staff.
    expect((await call(app, { method: 'GET', url: '/api/messages', token })).json()).toMatchObject({
      total: before.total,
    });
    // Its existing users cannot be invited again.
    const taken = await call(app, {
      method: 'POST',
      url: '/api/invitations',
      token,
      payload: { email: 'editor@release1.example', roleId },
    });
    expect(taken.statusCode).toBe(409);
  });
});

describe('a database made by release 1, after migration 0022 (the tags the sitemap reads)', () => {
  it('lists every tag of its posts in the sitemap, each once', async () => {
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as Post[];
    const tags = [...new Set(posts.flatMap((p) => p.tags))];
    expect(tags.length).toBeGreaterThan(0);
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const listed = [...sitemap.matchAll(/<loc>[^<]*\/tag\/([^<]+)<\/loc>/g)].map((m) => decodeURIComponent(m[1]!));
    expect(listed.sort()).toEqual(tags.sort());
  });
});

describe('a database made by release 1, after migration 0015 (languages)', () => {
  it('keeps every post and vacancy as the English version, asked in Dutch answered in English', async () => {
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as Post[];
    expect(posts).toHaveLength(3);
    for (const post of posts)
      expect(post).toMatchObject({ language: 'en', translations: [{ language: 'en', slug: post.slug }] });
    const dutch = (await app.inject({ method: 'GET', url: `/api/posts/${posts[0]!.id}?lang=nl` })).json() as Post;
    expect(dutch).toMatchObject({ name: posts[0]!.name, content: posts[0]!.content, language: 'en' });
    // A Dutch list shows what exists in Dutch: nothing yet.
    expect((await app.inject({ method: 'GET', url: '/api/posts?lang=nl' })).json()).toEqual([]);
    const vacancies = (await app.inject({ method: 'GET', url: '/api/vacancy' })).json() as { language: string }[];
    expect(vacancies.map((v) => v.language)).toEqual(['en', 'en', 'en']);
  });

  it('still finds its posts by their words, now with English stemming', async () => {
    const posts = (await app.inject({ method: 'GET', url: '/api/posts' })).json() as Post[];
    const word = posts[0]!.name.split(/\s+/).find((w) => w.length > 5)!;
    const hits = (
      await app.inject({ method: 'GET', url: `/api/posts?q=${encodeURIComponent(word)}&page=1` })
    ).json() as {
      items: { id: number }[];
    };
    expect(hits.items.map((p) => p.id)).toContain(posts[0]!.id);
  });

  it('keeps its messages, each in English, the language they were written in', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const messages = (await call(app, { method: 'GET', url: '/api/messages', token })).json() as {
      items: { language: string }[];
    };
    expect(messages.items.length).toBeGreaterThan(0);
    expect(new Set(messages.items.map((m) => m.language))).toEqual(new Set(['en']));
  });
});

describe('a database made by release 1, after migration 0017 (candidate pipeline)', () => {
  it('makes its waiting application a candidate in New with its CV, and leaves the plain message a message', async () => {
    const token = await login(app, ADMIN.username, ADMIN.password);
    const page = (await call(app, { method: 'GET', url: '/api/candidates?pageSize=100', token })).json() as {
      items: { id: number; email: string; stage: string; vacancyTitle: string | null; hasCv: boolean }[];
      total: number;
    };
    expect(page.items).toEqual([
      expect.objectContaining({
        email: 'candidate@release1.example',
        stage: 'new',
        vacancyTitle: 'Security engineer',
        hasCv: true,
      }),
    ]);
    const cv = await call(app, { method: 'GET', url: `/api/candidates/${page.items[0]!.id}/cv`, token });
    expect(cv.statusCode).toBe(200);
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const detail = (await call(app, { method: 'GET', url: `/api/candidates/${page.items[0]!.id}`, token })).json();
    expect(detail).toMatchObject({ message: 'An application still waiting.', waiting: true });
    expect(detail.timeline).toEqual([expect.objectContaining({ kind: 'applied', data: { messageId: 2 } })]);
  });
});

describe('migration 0017 (candidate pipeline)', () => {
  it('makes every application of the previous release a candidate in New, one per person and vacancy', async () => {
    const db = await PGlite.create({ extensions: pgliteExtensions });
    const upTo0016 = migrationsOfRelease(17, path.join(temp, 'migrations-0016'));
    await migratePglite(drizzlePglite(db), { migrationsFolder: upTo0016 });
    const pdf = `'\\x255044462d312e37'::bytea`;
    await db.exec(`
      insert into vacancies (id, title, offer) values (1, 'Java Developer', 'o'), (2, 'Office Manager', 'o');
      insert into contact_messages
        (id, kind, full_name, email, phone_number, message, vacancy_id, vacancy_title, attachment_name, attachment,
         status, created_at, erased_at, language) values
        (1, 'contact', 'Ann Old', 'Ann@Example.com', '111', 'First for Java', 1, 'Java Developer', 'cv.pdf', ${pdf},
         'sent', '2026-01-01T10:00:00Z', null, 'nl'),
        (2, 'contact', 'Ann New', 'ann@example.com', '222', 'Again for Java', 1, 'Java Developer', null, null,
         'sent', '2026-01-05T10:00:00Z', null, 'fr'),
        (3, 'contact', 'Ann New', 'ANN@example.com', '222', 'For the office', 2, 'Office Manager', null, null,
         'pending', '2026-01-06T10:00:00Z', null, 'fr'),
        (4, 'contact', 'Pia Pool', 'pia@example.com', '', 'Anything open?', null, null, 'cv.pdf', ${pdf},
         'sent', '2026-01-02T10:00:00Z', null, 'en'),
        (5, 'contact', 'Paul Plain', 'paul@example.com', '', 'Just a question', null, null, null, null,
         'sent', '2026-01-03T10:00:00Z', null, 'en'),
        (6, 'contact', '', '', '', '', 1, 'Java Developer', null, null,
         'sent', '2025-01-03T10:00:00Z', '2025-09-01T00:00:00Z', 'en'),
        (7, 'contact', 'Gus Gone', 'gus@example.com', '', 'For a job since deleted', null, 'Removed Job', null, null,
         'sent', '2026-01-04T10:00:00Z', null, 'en');
      insert into contact_messages (id, kind, confirms_id, full_name, email, phone_number, message, vacancy_id,
        vacancy_title, status) values (8, 'confirmation', 1, 'Ann Old', 'Ann@Example.com', '', 'Thanks', 1,
        'Java Developer', 'sent');`);
    const before = (await db.query('select * from contact_messages order by id')).rows;
    await migratePglite(drizzlePglite(db), { migrationsFolder });

    const applicants = (
      await db.query<{ id: number; email: string; full_name: string; phone_number: string; language: string }>(
        'select id, email, full_name, phone_number, language from applicants order by email',
      )
    ).rows;
    // One per address whatever its case, with the latest application's name, phone and language.
    expect(applicants.map((a) => [a.email, a.full_name, a.phone_number, a.language])).toEqual([
      ['ann@example.com', 'Ann New', '222', 'fr'],
      ['gus@example.com', 'Gus Gone', '', 'en'],
      ['pia@example.com', 'Pia Pool', '', 'en'],
    ]);
    const candidates = (
      await db.query<{
        email: string;
        vacancy_id: number | null;
        vacancy_title: string | null;
        message_id: number;
        stage: string;
        applied_at: Date;
        answered_at: Date | null;
        applied: number;
      }>(`
        select a.email, c.vacancy_id, c.vacancy_title, c.message_id, c.stage, c.applied_at, c.answered_at,
               (select count(*)::int from candidate_events e where e.candidate_id = c.id and e.kind = 'applied') as applied
        from candidates c join applicants a on a.id = c.applicant_id order by c.message_id`)
    ).rows;
    expect(candidates.map((c) => [c.email, c.vacancy_id, c.vacancy_title, c.message_id, c.stage, c.applied])).toEqual([
      ['ann@example.com', 1, 'Java Developer', 1, 'new', 2],
      ['ann@example.com', 2, 'Office Manager', 3, 'new', 1],
      ['pia@example.com', null, null, 4, 'new', 1],
      ['gus@example.com', null, 'Removed Job', 7, 'new', 1],
    ]);
    expect(candidates[0]!.applied_at.toISOString()).toBe('2026-01-01T10:00:00.000Z');
    expect(candidates.every((c) => c.answered_at === null)).toBe(true);
    const events = (
      await db.query<{ message_id: number; at: Date; actor_name: string | null }>(
        `select (data->>'messageId')::int as message_id, at, actor_name from candidate_events order by message_id`,
      )
    ).rows;
    expect(events.map((e) => e.message_id)).toEqual([1, 2, 3, 4, 7]);
    expect(events.find((e) => e.message_id === 2)!.at.toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(events.every((e) => e.actor_name === null)).toBe(true);
    // The messages themselves are untouched, attachments included.
    expect((await db.query('select * from contact_messages order by id')).rows).toEqual(before);
    await db.close();
  });
});
