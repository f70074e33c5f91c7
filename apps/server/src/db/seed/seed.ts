import crypto from 'node:crypto';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ROLE_ADMIN, ROLES } from '@app/shared/constants';
import type { Db } from '../client';
import {
  intro,
  mailboxes,
  masthead,
  postImages,
  posts,
  providers,
  roles,
  siteSettings,
  userRoles,
  vacancies,
} from '../schema';
import { hashPassword } from '../../modules/auth/passwords';
import { usersRepository } from '../../modules/users/repository';
import { processImage } from '../../modules/images/process';
import { imagesRepository } from '../../modules/images/repository';
import { demoSettings } from './data/settings';
import { demoIntro, demoMasthead } from './data/texts';
import { demoVacancies } from './data/vacancies';
import { demoPosts, illustration } from './data/posts';

export interface SeedOptions {
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  log: FastifyBaseLogger;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@redwall.example';

/** Safe to run at every start: each step only adds what is missing. */
export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await seedAdmin(db, opts);
  // Settings are needed by the public pages even without demo content.
  await db
    .insert(siteSettings)
    .values({ id: 1, ...demoSettings })
    .onConflictDoNothing();
  if (!opts.demo) return;
  const [existing] = await db.select({ id: intro.id }).from(intro);
  if (existing) return; // demo content is written once, on the first start
  await db
    .insert(intro)
    .values({ id: 1, ...demoIntro })
    .onConflictDoNothing();
  await db
    .insert(masthead)
    .values({ id: 1, ...demoMasthead })
    .onConflictDoNothing();
  await db.insert(vacancies).values(demoVacancies);
  await seedPosts(db);
  const [provider] = await db
    .insert(providers)
    .values({
      providerName: 'Local development SMTP',
      mailboxType: 'DEV',
      host: 'localhost',
      port: 1025,
      protocol: 'smtp',
    })
    .returning();
  await db.insert(mailboxes).values({
    providerId: provider!.id,
    type: 'DEV',
    host: provider!.host,
    port: provider!.port,
    username: 'contact@redwall.example',
    protocol: 'smtp',
    active: true,
  });
  opts.log.info('demo content written');
}

async function seedAdmin(db: Db, opts: SeedOptions) {
  const repo = usersRepository(db);
  if ((await repo.countAdmins()) > 0) return;
  const email = opts.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const password = opts.adminPassword ?? crypto.randomBytes(12).toString('base64url');
  const [adminRole] = await db.select().from(roles).where(eq(roles.name, ROLE_ADMIN));
  const passwordHash = await hashPassword(password);
  // An account with that address may exist (demoted earlier): it becomes the administrator again.
  const found = await repo.findByEmail(email);
  if (found) {
    await repo.update(found.id, passwordHash);
    await db.insert(userRoles).values({ userId: found.id, roleId: adminRole!.id }).onConflictDoNothing();
  } else {
    await repo.create(email, passwordHash, [adminRole!.id]);
  }
  if (!opts.adminPassword) {
    // Printed once, on the start that creates the account; it is not stored anywhere in clear.
    process.stdout.write(
      `\n  Administrator account created\n    e-mail:   ${email}\n    password: ${password}\n  Sign in at /login and change it under User.\n\n`,
    );
  }
}

async function seedPosts(db: Db) {
  const repo = imagesRepository(db);
  const start = Date.now() - demoPosts.length * 86_400_000 * 7;
  for (const [i, p] of demoPosts.entries()) {
    const [post] = await db
      .insert(posts)
      .values({
        name: p.name,
        postedBy: p.postedBy,
        content: p.content,
        tags: p.tags,
        date: new Date(start + i * 86_400_000 * 7),
      })
      .returning({ id: posts.id });
    for (const [position, img] of p.images.entries()) {
      const png = await sharp(Buffer.from(illustration(img.from, img.to, img.label)))
        .jpeg({ quality: 82 })
        .toBuffer();
      const stored = await repo.insert(await processImage(png));
      await db.insert(postImages).values({ postId: post!.id, imageId: stored.id, position });
    }
  }
}
