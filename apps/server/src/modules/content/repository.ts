import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { intro, masthead, siteSettings, textTranslations } from '../../db/schema';
import type { Locale } from '@app/shared/locales';
import type { TextItem } from '@app/shared/schemas/content';
import type { Intro, LegalEntity, Masthead, SiteSettings } from '@app/shared/schemas/content';

/** What PUT /api/settings stores: the privacy and confirmation fields keep their stored values when left out. */
type KeptWhenLeftOut = 'retentionDays' | 'privacyText' | 'confirmationEnabled' | 'confirmationText';
export type SettingsChange = Omit<SiteSettings, KeptWhenLeftOut> & Partial<Pick<SiteSettings, KeptWhenLeftOut>>;

// The page-text tables hold one row, id 1.
const ROW = 1;

/** The only code that writes intro, masthead, site_settings and text_translations. */
export const contentRepository = (db: Db) => ({
  /** The stored translations of one text, every language. */
  textTranslations: (item: TextItem) => db.select().from(textTranslations).where(eq(textTranslations.item, item)),

  /** One text's translation in a language, if stored. */
  textTranslation: async (item: TextItem, language: Locale) =>
    (
      await db
        .select()
        .from(textTranslations)
        .where(and(eq(textTranslations.item, item), eq(textTranslations.language, language)))
    )[0],

  /** Saves one text's translation into one language; the source and the other languages stay as they are. */
  saveTextTranslation: async (
    item: TextItem,
    language: Locale,
    fields: Record<string, string>,
    sourceDigest: string,
  ): Promise<void> => {
    const row = { fields, sourceDigest, updatedAt: new Date() };
    await db
      .insert(textTranslations)
      .values({ item, language, ...row })
      .onConflictDoUpdate({ target: [textTranslations.item, textTranslations.language], set: row });
  },

  /** The seed's translations: each written only when none is stored yet. */
  addTextTranslationIfMissing: async (
    item: TextItem,
    language: Locale,
    fields: Record<string, string>,
    sourceDigest: string,
  ): Promise<void> => {
    await db.insert(textTranslations).values({ item, language, fields, sourceDigest }).onConflictDoNothing();
  },

  removeTextTranslation: async (item: TextItem, language: Locale): Promise<boolean> =>
    (
      await db
        .delete(textTranslations)
        .where(and(eq(textTranslations.item, item), eq(textTranslations.language, language)))
        .returning({ item: textTranslations.item })
    ).length > 0,

  /** When the texts of the home and About pages last changed (undefined when never stored), for the sitemap. */
  lastChanges: async () => {
    const [i] = await db.select({ at: max(intro.updatedAt) }).from(intro);
    const [m] = await db.select({ at: max(masthead.updatedAt) }).from(masthead);
    const [s] = await db
      .select({ at: max(siteSettings.updatedAt), name: max(siteSettings.companyName) })
      .from(siteSettings);
    return {
      intro: i?.at ?? undefined,
      masthead: m?.at ?? undefined,
      settings: s?.at ?? undefined,
      companyName: s?.name ?? undefined,
    };
  },

  findIntro: async (): Promise<Intro | undefined> =>
    (
      await db
        .select({ title: intro.title, history: intro.history, body: intro.body })
        .from(intro)
        .where(eq(intro.id, ROW))
    )[0],

  saveIntro: async (value: Intro): Promise<void> => {
    const row = { ...value, updatedAt: new Date() };
    await db
      .insert(intro)
      .values({ id: ROW, ...row })
      .onConflictDoUpdate({ target: intro.id, set: row });
  },

  findMasthead: async (): Promise<Masthead | undefined> =>
    (
      await db
        .select({ mastheadTitle: masthead.mastheadTitle, mastheadBody: masthead.mastheadBody })
        .from(masthead)
        .where(eq(masthead.id, ROW))
    )[0],

  saveMasthead: async (value: Masthead): Promise<void> => {
    const row = { ...value, updatedAt: new Date() };
    await db
      .insert(masthead)
      .values({ id: ROW, ...row })
      .onConflictDoUpdate({ target: masthead.id, set: row });
  },

  /** The seed's defaults: each row is written only when it does not exist yet. */
  addIntroIfMissing: async (value: Intro): Promise<void> => {
    await db
      .insert(intro)
      .values({ id: ROW, ...value })
      .onConflictDoNothing();
  },

  addMastheadIfMissing: async (value: Masthead): Promise<void> => {
    await db
      .insert(masthead)
      .values({ id: ROW, ...value })
      .onConflictDoNothing();
  },

  addSettingsIfMissing: async (value: SettingsChange & { entities: LegalEntity[] }): Promise<void> => {
    await db
      .insert(siteSettings)
      .values({ id: ROW, ...value })
      .onConflictDoNothing();
  },

  findSettings: async (): Promise<SiteSettings | undefined> =>
    (
      await db
        .select({
          companyName: siteSettings.companyName,
          address: siteSettings.address,
          phone: siteSettings.phone,
          socialUrl: siteSettings.socialUrl,
          foundedOn: siteSettings.foundedOn,
          contactRecipients: siteSettings.contactRecipients,
          entities: siteSettings.entities,
          confirmationEnabled: siteSettings.confirmationEnabled,
          confirmationText: siteSettings.confirmationText,
          retentionDays: siteSettings.retentionDays,
          privacyText: siteSettings.privacyText,
        })
        .from(siteSettings)
        .where(eq(siteSettings.id, ROW))
    )[0],

  saveSettings: async (value: SettingsChange & { entities: LegalEntity[] }): Promise<void> => {
    const row = Object.fromEntries(
      Object.entries({ ...value, updatedAt: new Date() }).filter(([, v]) => v !== undefined),
    ) as typeof value & {
      updatedAt: Date;
    };
    await db
      .insert(siteSettings)
      .values({ id: ROW, ...row })
      .onConflictDoUpdate({ target: siteSettings.id, set: row });
  },

  /** The retention period in days (the retention job and the privacy page read it). */
  retentionDays: async (): Promise<number | undefined> =>
    (await db.select({ days: siteSettings.retentionDays }).from(siteSettings).where(eq(siteSettings.id, ROW)))[0]?.days,
});
export type ContentRepository = ReturnType<typeof contentRepository>;
