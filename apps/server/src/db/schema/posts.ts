import { users } from './auth';
import { customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  // Random, URL-safe and never derived from the uploaded name.
  filename: text('filename').notNull().unique(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  webp: bytea('webp'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Narrower WebP and AVIF copies of an image, made once at upload (migration 0008). */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    format: text('format').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.width, t.format] })],
);

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    postedBy: text('posted_by').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    content: text('content').notNull(),
    tags: text('tags').array().notNull().default([]),
    likes: integer('likes').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Optimistic locking: an update must name the version it read (likes do not change it).
    version: integer('version').notNull().default(0),
    /** 'draft' or 'published'; a published post is public once publishAt has come (migration 0003). */
    status: text('status').notNull().default('published'),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    /** The readable part of /post/{id}/{slug}; the id finds the post, any other slug redirects. */
    slug: text('slug').notNull().default('post'),
    /**
     * The staff member who created the post (migration 0013): a contributor edits only their own.
     * Null when unknown (a post from before 0013 whose creator the audit trail does not name), or
     * once that user is deleted: such posts are edited by editors and administrators.
     */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set by "Submit for review" on a draft; publishing clears it. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_public_idx').on(t.status, t.publishAt),
    // The staff list's order (migration 0012).
    index('posts_newest_first_idx').on(t.publishAt.desc(), t.id.desc()),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    alt: text('alt').notNull().default(''),
    caption: text('caption').notNull().default(''),
  },
  (t) => [index('post_images_post_idx').on(t.postId)],
);
