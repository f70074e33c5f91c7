import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { privacyTextFor } from '@app/shared/retention-periods';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import type { PublicSiteSettings } from '@app/shared/schemas/content';
import { call, useTestApp } from '../../test/helper';
import { serverRoot } from '../lib/server-root';

const ctx = useTestApp({ candidateRetentionMonths: 9 });

/** The privacy default before migration 0018 (as migration 0005 wrote it). */
const PREVIOUS =
  'We use the details you send through the contact form (name, e-mail address, phone number, message and CV) only to answer you or to consider your application. Staff of the company read them; nobody else does. Your message and its attachment are erased {days} days after they were received. To see, export or erase what we hold about you, write to us at the address on this site.';
const migration = fs
  .readFileSync(path.join(serverRoot, 'drizzle/0018_privacy_candidates.sql'), 'utf8')
  .split('--> statement-breakpoint');
const stored = async () =>
  (await ctx.app.db.execute<{ t: string }>(sql`select privacy_text as t from site_settings`)).rows[0]!.t;
const store = (text: string) => ctx.app.db.execute(sql`update site_settings set privacy_text = ${text}`);
const migrate = async () => {
  for (const statement of migration) await ctx.app.db.execute(sql.raw(statement));
};

describe('the privacy text names how long candidates are kept (migration 0018)', () => {
  it('replaces the previous default, and only the previous default', async () => {
    await store(PREVIOUS);
    await migrate();
    expect(await stored()).toBe(SITE_DEFAULT_MSG.privacyTextDefault);
    await store('Our own privacy text, {days} days.');
    await migrate();
    expect(await stored()).toBe('Our own privacy text, {days} days.');
    await store(SITE_DEFAULT_MSG.privacyTextDefault);
  });

  it('GET /api/settings answers the candidates’ months, which the text shows', async () => {
    const settings = (await call(ctx.app, { method: 'GET', url: '/api/settings' })).json() as PublicSiteSettings;
    expect(settings.candidateRetentionMonths).toBe(9);
    expect(privacyTextFor(settings.privacyText, settings.retentionDays, settings.candidateRetentionMonths)).toContain(
      'is erased 9 months after we tell you our decision',
    );
  });
});
