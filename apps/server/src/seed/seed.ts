import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ROLE_ADMIN, ROLES } from '@app/shared/constants';
import type { Db } from '../db/client';
import { hashPassword } from '../lib/password-hashing';
import { contentRepository, contentService } from '../modules/content';
import { addMissingVariants, imagesRepository, loadSharp, processImage } from '../modules/images';
import { mailboxesRepository, providersRepository } from '../modules/mail-settings';
import { postsRepository } from '../modules/posts';
import { slugify } from '@app/shared/slug';
import { usersRepository } from '../modules/users';
import { vacanciesRepository } from '../modules/vacancies';
import { demoSettings } from './data/settings';
import { demoIntro, demoMasthead } from './data/texts';
import { demoVacancies } from './data/vacancies';
import { demoPostTranslations, demoTextTranslations, demoVacancyTranslations } from './data/translations';
import { SERVER_TEXTS_BY_LOCALE } from '@app/shared/content-texts';
import type { Locale } from '@app/shared/locales';
import { demoPosts, illustration } from './data/posts';

export interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  /**
   * A local mail catcher listens on localhost:1025 (`npm run dev` starts one): the demo mailbox
   * may then be active. Otherwise it is seeded inactive, so that no active mailbox points at
   * nothing and the mail health notice tells the truth.
   */
  mailCatcher?: boolean;
  log: FastifyBaseLogger;
}

export interface SeedResult {
  /** The administrator created with a generated password (no ADMIN_PASSWORD): shown once by server.ts. */
  generatedAdmin?: { email: string; password: string };
}

export const DEFAULT_ADMIN_EMAIL = 'admin@redwall.example';

/**
 * Safe to run at every start: each step only adds what is missing. Every write goes through the
 * repository that owns the table, so the seed follows the same rules as the API.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  await usersRepository(db).addMissingRoles(ROLES);
  const generatedAdmin = await seedAdmin(db, opts);
  const result: SeedResult = generatedAdmin ? { generatedAdmin } : {};
  const content = contentRepository(db);
  // Settings are needed by the public pages even without demo content.
  await content.addSettingsIfMissing(demoSettings);
  const filled = await addMissingVariants(imagesRepository(db));
  if (filled) opts.log.info({ images: filled }, 'responsive image copies made');
  if (!opts.demo) return result;
  if (await content.findIntro()) return result; // demo content is written once, on the first start
  await content.addIntroIfMissing(demoIntro);
  await content.addMastheadIfMissing(demoMasthead);
  const vacancies = vacanciesRepository(db);
  for (const vacancy of demoVacancies) {
    const created = await vacancies.create({ ...vacancy, slug: slugify(vacancy.title, 'vacancy') });
    for (const [language, text] of Object.entries(demoVacancyTranslations[vacancy.title] ?? {}))
      await vacancies.saveTranslation(created.id, language as Locale, {
        ...text,
        slug: slugify(text.title, 'vacancy'),
        status: 'published',
      });
  }
  await seedPosts(db);
  await seedTextTranslations(db);
  await seedMailbox(db, opts.mailCatcher ?? false);
  opts.log.info('demo content written');
  return result;
}

async function seedAdmin(db: Db, opts: SeedOptions): Promise<SeedResult['generatedAdmin']> {
  const repo = usersRepository(db);
  if ((await repo.countAdmins()) > 0) return undefined;
  const email = opts.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = opts.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const roles = await repo.listRoles();
  const adminRole = roles.find((r) => r.name === ROLE_ADMIN)!;
  const passwordHash = await hashPassword(password);
  // A generated password is only a way in: the first sign-in with it asks for a new one.
  const mustChangePassword = !opts.adminPassword;
  // An account with that address may exist (demoted earlier): it becomes the administrator again.
  const found = await repo.findByEmail(email);
  if (found) {
    const kept = roles.filter((r) => found.roles.includes(r.name)).map((r) => r.id);
    await repo.update(found.id, passwordHash, [...new Set([...kept, adminRole.id])], { mustChangePassword });
  } else {
    await repo.create(email, passwordHash, [adminRole.id], { mustChangePassword });
  }
  // Shown once by the server after it listens (and kept in a file only its owner can read); it
  // is not stored anywhere else in clear.
  return opts.adminPassword ? undefined : { email, password };
}

async function seedPosts(db: Db) {
  const posts = postsRepository(db);
  const start = Date.now() - demoPosts.length * 86_400_000 * 7;
  const sharp = await loadSharp();
  for (const [i, p] of demoPosts.entries()) {
    const images = [];
    for (const img of p.images) {
      const jpeg = await sharp(Buffer.from(illustration(img.from, img.to, img.label)))
        .jpeg({ quality: 82 })
        .toBuffer();
      images.push(await processImage(jpeg));
    }
    const date = new Date(start + i * 86_400_000 * 7);
    const input = {
      name: p.name,
      postedBy: p.postedBy,
      content: p.content,
      tags: p.tags,
      status: 'published' as const,
      publishAt: date,
      slug: slugify(p.name),
      language: 'en' as const,
    };
    const words = p.images.map((img) => ({ alt: img.label, caption: '' }));
    const id = await posts.create(input, images, words, date);
    for (const [language, text] of Object.entries(demoPostTranslations[p.name] ?? {}))
      await posts.saveTranslation(id, language as Locale, { ...text, slug: slugify(text.name), status: 'published' });
  }
}

/**
 * The page texts in Dutch and French: the intro and masthead of the demo, and the built-in privacy
 * and confirmation texts, each saved as staff would (so none starts out outdated).
 */
async function seedTextTranslations(db: Db) {
  const texts = contentService(contentRepository(db));
  for (const language of ['nl', 'fr'] as const) {
    await texts.saveTextTranslation('intro', language, demoTextTranslations.intro[language]);
    await texts.saveTextTranslation('masthead', language, demoTextTranslations.masthead[language]);
    await texts.saveTextTranslation('privacy', language, {
      privacyText: SERVER_TEXTS_BY_LOCALE[language].siteDefaults.privacyTextDefault,
    });
    await texts.saveTextTranslation('confirmation', language, {
      confirmationText: SERVER_TEXTS_BY_LOCALE[language].siteDefaults.confirmationTextDefault,
    });
  }
}

/** A provider and a mailbox for a local development SMTP server (the catcher of `npm run dev`, or Mailpit, on 1025). */
async function seedMailbox(db: Db, active: boolean) {
  const timeouts = { connectionTimeout: 5000, timeout: 5000, writeTimeout: 5000 };
  const provider = await providersRepository(db).create({
    providerName: 'Local development SMTP',
    mailboxType: 'DEV',
    host: 'localhost',
    port: 1025,
    protocol: 'smtp',
    auth: false,
    starttlsEnable: false,
    ...timeouts,
  });
  await mailboxesRepository(db).create({
    providerId: provider.id,
    type: 'DEV',
    host: provider.host,
    port: provider.port,
    username: 'contact@redwall.example',
    passwordEnc: null,
    protocol: 'smtp',
    auth: false,
    starttlsEnable: false,
    ...timeouts,
    active,
  });
}
