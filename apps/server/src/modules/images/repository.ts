import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';
import type { ProcessedImage } from './process';

/** The database or a transaction: both offer the same query builder. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The only code that reads or writes images. */
export const imagesRepository = (db: Queryable) => ({
  async insert(img: ProcessedImage) {
    // Random and never derived from the uploaded name, so it is safe in a URL and never a path.
    const filename = `${crypto.randomBytes(12).toString('base64url')}.${img.extension}`;
    const [row] = await db
      .insert(images)
      .values({
        filename,
        contentType: img.contentType,
        size: img.size,
        width: img.width,
        height: img.height,
        sha256: img.sha256,
        data: img.data,
        webp: img.webp,
      })
      .returning({ id: images.id, filename: images.filename });
    return row!;
  },

  findByFilename: async (filename: string) => (await db.select().from(images).where(eq(images.filename, filename)))[0],

  /** Size and type of the given images, for the posts that show them. */
  findMany: async (ids: number[]) =>
    ids.length
      ? db
          .select({ id: images.id, filename: images.filename, contentType: images.contentType, width: images.width, height: images.height })
          .from(images)
          .where(inArray(images.id, ids))
      : [],

  /** Deletes the given images (the posts repository decides which no post uses any more). */
  async remove(ids: number[]) {
    if (!ids.length) return;
    await db.delete(images).where(inArray(images.id, ids));
  },
});
