import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@app/shared/messages';
import type { Provider } from '@app/shared/schemas/mail';
import { migrationsFolder } from '../../db/client';
import { createPglite } from '../../db/open-pglite';
import { providers } from '../../db/schema';
import { withStatementsHeld } from '../../../test/hold-statements';
import { call, useTestApp } from '../../../test/helper';
import { providerBody } from '../../../test/mail-fixtures';
import { databaseOn, withServer } from '../../../test/global-setup';

/**
 * Provider uniqueness (name ignoring case, port, protocol ignoring case) is kept by a unique index,
 * not only by the service's check: requests racing past the check meet the index and get the same
 * 409. The migration that adds the index first makes existing duplicates distinct.
 */
const ctx = useTestApp();

const create = (body: object) =>
  call(ctx.app, { method: 'POST', url: '/api/providers/create', token: ctx.adminToken, payload: body });
const update = (id: number, body: object) =>
  call(ctx.app, { method: 'PUT', url: `/api/providers/${id}`, token: ctx.adminToken, payload: body });
const all = async () =>
  (await call(ctx.app, { method: 'GET', url: '/api/providers/all', token: ctx.adminToken })).json() as Provider[];
const named = async (name: string) => (await all()).filter((p) => p.providerName.toLowerCase() === name.toLowerCase());
const unique = () => crypto.randomBytes(4).toString('hex');
const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();

const INSERT = /^insert into "providers"/i;
const UPDATE = /^update "providers"/i;

describe('parallel provider writes', () => {
  it('eight identical creates at once: one 201, seven 409, one row', async () => {
    const body = providerBody({ providerName: `Race ${unique()}`, port: 2525 });
    const { result: answers, held } = await withStatementsHeld(ctx.app.db, INSERT, 8, () =>
      Promise.all(Array.from({ length: 8 }, () => create(body))),
    );
    expect(held).toBe(8);
    expect(statuses(answers)).toEqual([201, ...Array<number>(7).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(MSG.providerExists);
    expect(await named(body.providerName)).toHaveLength(1);
  });

  it('creates differing only in the case of name and protocol at once (Gmail, gmail, …): one 201, the rest 409', async () => {
    const name = `Gmail ${unique()}`;
    const variants = [name, name.toLowerCase(), name.toUpperCase(), name];
    const { result: answers } = await withStatementsHeld(ctx.app.db, INSERT, 4, () =>
      Promise.all(
        variants.map((providerName, i) =>
          create(providerBody({ providerName, port: 587, protocol: i % 2 ? 'SMTP' : 'smtp' })),
        ),
      ),
    );
    expect(statuses(answers)).toEqual([201, 409, 409, 409]);
    expect(await named(name)).toHaveLength(1);
  });

  it('two renames of two providers to the same name, port and protocol at once: one 200, one 409', async () => {
    const a = (await create(providerBody({ providerName: `First ${unique()}`, port: 2525 }))).json() as Provider;
    const b = (await create(providerBody({ providerName: `Second ${unique()}`, port: 2525 }))).json() as Provider;
    const target = `Renamed Gmail ${unique()}`;
    const { result: answers, held } = await withStatementsHeld(ctx.app.db, UPDATE, 2, () =>
      Promise.all([
        update(a.id, providerBody({ providerName: target, port: 2525 })),
        update(b.id, providerBody({ providerName: target.toLowerCase(), port: 2525 })),
      ]),
    );
    expect(held).toBe(2);
    expect(statuses(answers)).toEqual([200, 409]);
    expect(answers.find((x) => x.statusCode === 409)!.json().message).toBe(MSG.providerExists);
    // The refused rename changed nothing: that provider kept its old name.
    const stored = (await all()).filter((p) => p.id === a.id || p.id === b.id);
    expect(stored.filter((p) => p.providerName.toLowerCase() === target.toLowerCase())).toHaveLength(1);
    expect(stored.filter((p) => p.providerName === a.providerName || p.providerName === b.providerName)).toHaveLength(
      1,
    );
  });

  it('without a race the check answers first, the same 409', async () => {
    const body = providerBody({ providerName: `Gmail ${unique()}`, port: 2525 });
    expect((await create(body)).statusCode).toBe(201);
    const again = await create({ ...body, providerName: body.providerName.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.providerExists);
  });

  it('the index itself refuses a duplicate that skips the check, ignoring case', async () => {
    const name = `Direct ${unique()}`;
    expect((await create(providerBody({ providerName: name, port: 2525 }))).statusCode).toBe(201);
    const row = {
      ...providerBody({ providerName: name.toUpperCase(), port: 2525, protocol: 'SMTP' }),
      mailboxType: 'DEV' as const,
    };
    const err: unknown = await ctx.app.db
      .insert(providers)
      .values(row as typeof providers.$inferInsert)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toMatchObject({ cause: { code: '23505', constraint: 'providers_name_port_protocol_idx' } });
  });
});

// ---------------------------------------------------------------- the migration

/** The migrations folder as it was before the index: its first `count` journal entries. */
function migrationsUpTo(count: number, dir: string) {
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'providers-unique-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

const INSERT_DUPLICATES = `
  insert into providers (id, provider_name, host, port, protocol) values
    (1, 'Gmail', 'smtp.gmail.example', 587, 'smtp'),
    (2, 'gmail', 'other.example', 587, 'SMTP'),
    (3, 'GMAIL', 'third.example', 587, 'smtp'),
    (4, 'Gmail', 'smtp.gmail.example', 465, 'smtp'),
    (5, 'Mailjet', 'in.mailjet.example', 587, 'smtp'),
    (6, 'Mailjet', 'in.mailjet.example', 587, 'smtp');
  select setval('providers_id_seq', 6);`;

describe('migration 0002 on a database that already holds duplicate providers', () => {
  it('keeps the oldest of each group and appends " (id N)" to the others, then builds the index', async () => {
    const before = migrationsUpTo(2, path.join(temp, 'before'));
    let rows: { id: number; provider_name: string }[];
    const serverUrl = process.env['TEST_DATABASE_URL'];
    if (serverUrl) {
      const name = `t_providers_${crypto.randomBytes(4).toString('hex')}`;
      await withServer(serverUrl, (c) => c.query(`create database ${name}`));
      const pool = new pg.Pool({ connectionString: databaseOn(serverUrl, name) });
      try {
        await migratePg(drizzlePg(pool), { migrationsFolder: before });
        await pool.query(INSERT_DUPLICATES);
        await migratePg(drizzlePg(pool), { migrationsFolder });
        rows = (await pool.query('select id, provider_name from providers order by id')).rows;
        await expect(
          pool.query(`insert into providers (provider_name, host, port) values ('MAILJET', 'h', 587)`),
        ).rejects.toMatchObject({
          code: '23505',
        });
      } finally {
        await pool.end();
        await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
      }
    } else {
      const db = await createPglite();
      try {
        await migratePglite(drizzlePglite(db), { migrationsFolder: before });
        await db.exec(INSERT_DUPLICATES);
        await migratePglite(drizzlePglite(db), { migrationsFolder });
        rows = (
          await db.query<{ id: number; provider_name: string }>('select id, provider_name from providers order by id')
        ).rows;
        await expect(
          db.query(`insert into providers (provider_name, host, port) values ('MAILJET', 'h', 587)`),
        ).rejects.toMatchObject({
          code: '23505',
        });
      } finally {
        await db.close();
      }
    }
    expect(rows.map((r) => r.provider_name)).toEqual([
      'Gmail',
      'gmail (id 2)',
      'GMAIL (id 3)',
      'Gmail',
      'Mailjet',
      'Mailjet (id 6)',
    ]);
  });
});
