import { beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { imageSources, variantPath } from '@app/shared/images';
import { MSG } from '@app/shared/messages';
import { eq } from 'drizzle-orm';
import { images, imageVariants } from '../../db/schema';
import { addMissingVariants } from './process';
import { imagesRepository } from './repository';
import type { Post } from '@app/shared/schemas/posts';
import { call, useTestApp } from '../../../test/helper';
import { file, multipart } from '../../../test/multipart';
import { png, postJson } from '../../../test/post-fixtures';

const ctx = useTestApp();

/** Whether two encoded images decode to the same pixels. */
async function samePixels(a: Buffer, b: Buffer): Promise<boolean> {
  const [x, y] = await Promise.all([a, b].map((i) => sharp(i).ensureAlpha().raw().toBuffer()));
  return Buffer.compare(x!, y!) === 0;
}

/** The PNG with one more chunk right after its header chunk (IHDR is always 8 + 25 bytes in). */
function withPngChunk(pngBytes: Buffer, type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([pngBytes.subarray(0, 33), length, body, crc, pngBytes.subarray(33)]);
}

/** The JPEG with a comment segment (COM) right after its start marker. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const data = Buffer.from(text, 'latin1');
  const head = Buffer.from([0xff, 0xfe, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), head, data, jpeg.subarray(2)]);
}

/** Sends one image as a new post's upload, named `name`. */
const sendImage = async (data: Buffer, type = 'image/png', name = 'upload') =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/posts',
    token: ctx.adminToken,
    ...(await multipart([
      ['post', postJson()],
      ['imageFiles', file(data, type), name],
    ])),
  });

/** Uploads one image through the post API and answers how it is described and served. */
async function upload(data: Buffer, type = 'image/png') {
  const res = await sendImage(data, type);
  expect(res.statusCode).toBe(201);
  const image = (res.json() as Post).postImages[0]!;
  const served = await ctx.app.inject({ method: 'GET', url: image.imagePath });
  return { image, served };
}

describe('image processing', () => {
  it('scales a 2400 x 1000 image down to 1200 x 500 on white', async () => {
    // Left half transparent, right half opaque red.
    const input = await sharp({
      create: { width: 2400, height: 1000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([{ input: await png(1200, 1000, { r: 255, g: 0, b: 0, alpha: 1 }), left: 1200, top: 0 }])
      .png()
      .toBuffer();
    const { image, served } = await upload(input);
    expect(image).toMatchObject({ width: 1200, height: 500, imageType: 'image/png' });
    const { data, info } = await sharp(served.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([1200, 500]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    expect(pixel(100, 250)).toEqual([255, 255, 255]);
    expect(pixel(1100, 250)).toEqual([255, 0, 0]);
  });

  it('keeps a 600 x 300 PNG at its size, every pixel the same (re-encoded losslessly)', async () => {
    const input = await png(600, 300);
    const { image, served } = await upload(input);
    expect(image).toMatchObject({ width: 600, height: 300, imageType: 'image/png' });
    expect(await samePixels(served.rawPayload, input)).toBe(true);
  });

  it('drops PNG text chunks, JPEG comments and bytes after the image from what it stores', async () => {
    const secret = 'Jane Doe +32 470 12 34 56';
    const withText = withPngChunk(await png(120, 90), 'tEXt', Buffer.from(`Author\0${secret}`, 'latin1'));
    const withComment = withJpegComment(
      await sharp(await png(120, 90))
        .jpeg()
        .toBuffer(),
      secret,
    );
    const polyglot = Buffer.concat([await png(120, 90), Buffer.from(`<?php echo "${secret}"; ?>`)]);
    for (const [input, type] of [
      [withText, 'image/png'],
      [withComment, 'image/jpeg'],
      [polyglot, 'image/png'],
    ] as const) {
      expect(input.includes(secret)).toBe(true);
      const { image, served } = await upload(input, type);
      expect(image).toMatchObject({ width: 120, height: 90, imageType: type });
      expect(served.rawPayload.includes(secret), type).toBe(false);
      expect(served.rawPayload.includes('Jane Doe'), type).toBe(false);
    }
  });

  it('refuses an image wider or higher than 16384 pixels, however few pixels it has, with 413', async () => {
    for (const [width, height] of [
      [20_000, 1],
      [1, 20_000],
    ] as const) {
      const strip = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      const res = await sendImage(strip, 'image/png', 'strip.png');
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(`strip.png: ${MSG.imageTooWide}`);
    }
  });

  it('fits a tall image into 630 px height keeping the aspect ratio', async () => {
    const { image } = await upload(
      await sharp(await png(700, 1400))
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    expect(image).toMatchObject({ width: 315, height: 630, imageType: 'image/jpeg' });
  });

  it('strips metadata such as EXIF from a small image', async () => {
    const input = await sharp(await png(100, 80))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'camera serial 1234' } })
      .toBuffer();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const { image, served } = await upload(input, 'image/jpeg');
    expect(image).toMatchObject({ width: 100, height: 80 });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('stores a GIF as PNG so every browser shows it', async () => {
    const { image, served } = await upload(
      await sharp(await png(30, 20))
        .gif()
        .toBuffer(),
      'image/gif',
    );
    expect(image).toMatchObject({ imageType: 'image/png', width: 30, height: 20 });
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('GET /images/{filename}', () => {
  let image: Post['postImages'][number];
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await png(64, 48);
    image = (await upload(bytes)).image;
  });

  it('serves the image with immutable caching, an ETag, its type and nosniff', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: image.imagePath });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The stored bytes are libvips' encoding of the upload (metadata dropped), not the upload itself.
    expect(res.headers['etag']).toBe(`"${crypto.createHash('sha256').update(res.rawPayload).digest('hex')}"`);
    expect(await samePixels(res.rawPayload, bytes)).toBe(true);
    const again = await ctx.app.inject({
      method: 'GET',
      url: image.imagePath,
      headers: { 'if-none-match': res.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('serves a WebP variant at the URL imageSources gives', async () => {
    const { src, webp } = imageSources(image.imagePath);
    expect(src).toBe(image.imagePath);
    expect(webp).toBe(`${image.imagePath}.webp`);
    const res = await ctx.app.inject({ method: 'GET', url: webp });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).not.toBe((await ctx.app.inject({ method: 'GET', url: src })).headers['etag']);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('answers 404 for unknown or malformed names', async () => {
    for (const url of [
      '/images/doesnotexist.png',
      '/images/doesnotexist.png.webp',
      '/images/..%2Fetc%2Fpasswd',
      '/images/x.svg',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('responsive copies', () => {
  it('are made at upload: 480 and 800 px in WebP and AVIF, AVIF at full width, listed as srcset', async () => {
    // 1600 x 1200 is stored at 840 x 630.
    const { image } = await upload(
      await sharp(await png(1600, 1200))
        .jpeg()
        .toBuffer(),
      'image/jpeg',
    );
    expect(image).toMatchObject({ width: 840, height: 630 });
    const { src, webp } = imageSources(image.imagePath);
    expect(image.srcSet).toEqual({
      webp: `${src}.480w.webp 480w, ${src}.800w.webp 800w, ${webp} 840w`,
      avif: `${src}.480w.avif 480w, ${src}.800w.avif 800w, ${src}.840w.avif 840w`,
    });
    for (const [width, format] of [
      [480, 'webp'],
      [800, 'avif'],
      [840, 'avif'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: variantPath(image.imagePath, width, format) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([width, Math.round((630 * width) / 840)]);
      const again = await ctx.app.inject({
        method: 'GET',
        url: variantPath(image.imagePath, width, format),
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    }
    // The original and its WebP keep their URLs.
    expect((await ctx.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: webp })).statusCode).toBe(200);
  });

  it('never wider than the image: a 400 px image gets only its full-width AVIF', async () => {
    const { image } = await upload(await png(400, 300));
    const { src, webp } = imageSources(image.imagePath);
    expect(image.srcSet).toEqual({ webp: `${webp} 400w`, avif: `${src}.400w.avif 400w` });
    for (const url of [
      variantPath(src, 480, 'webp'),
      variantPath(src, 800, 'avif'),
      `${src}.480w.gif`,
      `${src}.0480w.webp`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('are made at start-up for images stored before them, and listed once there', async () => {
    const { image } = await upload(await png(900, 600));
    const filename = image.imagePath.split('/').pop()!;
    const [row] = await ctx.app.db.select({ id: images.id }).from(images).where(eq(images.filename, filename));
    await ctx.app.db.delete(imageVariants).where(eq(imageVariants.imageId, row!.id));
    expect((await ctx.app.inject({ method: 'GET', url: variantPath(filename, 480, 'webp') })).statusCode).toBe(404);
    expect(await addMissingVariants(imagesRepository(ctx.app.db))).toBeGreaterThanOrEqual(1);
    expect((await ctx.app.inject({ method: 'GET', url: variantPath(filename, 480, 'webp') })).statusCode).toBe(200);
    expect(await addMissingVariants(imagesRepository(ctx.app.db))).toBe(0);
  });
});
