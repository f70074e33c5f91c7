import crypto from 'node:crypto';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, postImages } from '../../db/schema';
import type { ProcessedImage } from './process';

/** The database or a transaction: both offer the same query builder. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

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

  /** Deletes those of the given images that no post uses any more. */
  async deleteUnused(ids: number[]) {
    if (!ids.length) return;
    await db
      .delete(images)
      .where(
        and(
          inArray(images.id, ids),
          notExists(db.select({ id: postImages.id }).from(postImages).where(eq(postImages.imageId, images.id))),
        ),
      );
  },
});
