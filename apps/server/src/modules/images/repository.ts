import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';
import type { ProcessedImage } from './process';

export const imagesRepository = (db: Db) => ({
  async insert(img: ProcessedImage) {
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
});
