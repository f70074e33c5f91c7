import crypto from 'node:crypto';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, imageVariants } from '../../db/schema';
import type { ImageVariant, ProcessedImage } from './process';
import type { VariantFormat } from '@app/shared/images';

/** The database or a transaction: both offer the same query builder. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** The only code that reads or writes images. */
export const imagesRepository = (db: Queryable) => {
  const insertVariants = async (imageId: number, variants: ImageVariant[]) => {
    if (!variants.length) return;
    await db
      .insert(imageVariants)
      .values(variants.map((v) => ({ imageId, width: v.width, format: v.format, size: v.data.length, data: v.data })))
      .onConflictDoNothing();
  };
  return {
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
      await insertVariants(row!.id, img.variants);
      return row!;
    },

    insertVariants,

    /** One narrower copy of the image with that name, or undefined. */
    findVariant: async (filename: string, width: number, format: VariantFormat) =>
      (
        await db
          .select({ data: imageVariants.data, sha256: images.sha256 })
          .from(imageVariants)
          .innerJoin(images, eq(images.id, imageVariants.imageId))
          .where(and(eq(images.filename, filename), eq(imageVariants.width, width), eq(imageVariants.format, format)))
      )[0],

    /** The widths and formats of the given images' copies (not their bytes). */
    variantsOf: async (ids: number[]) =>
      ids.length
        ? db
            .select({ imageId: imageVariants.imageId, width: imageVariants.width, format: imageVariants.format })
            .from(imageVariants)
            .where(inArray(imageVariants.imageId, ids))
        : [],

    /** Images stored before copies were made (or whose copies failed): the start-up fills them in. */
    withoutVariants: async () =>
      db
        .select({ id: images.id, data: images.data, width: images.width })
        .from(images)
        .where(
          notExists(
            db.select({ one: imageVariants.imageId }).from(imageVariants).where(eq(imageVariants.imageId, images.id)),
          ),
        ),

    findByFilename: async (filename: string) =>
      (await db.select().from(images).where(eq(images.filename, filename)))[0],

    /** Size and type of the given images, for the posts that show them. */
    findMany: async (ids: number[]) =>
      ids.length
        ? db
            .select({
              id: images.id,
              filename: images.filename,
              contentType: images.contentType,
              width: images.width,
              height: images.height,
            })
            .from(images)
            .where(inArray(images.id, ids))
        : [],

    /** Deletes the given images (the posts repository decides which no post uses any more). */
    async remove(ids: number[]) {
      if (!ids.length) return;
      await db.delete(images).where(inArray(images.id, ids));
    },
  };
};
