import sharp from 'sharp';
import crypto from 'node:crypto';
import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH } from '@app/shared/constants';
import { unsupportedType } from '../../lib/http-error';

/** Refuse images whose pixel count could exhaust memory when decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const NOT_AN_IMAGE = 'The file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).';

export interface ProcessedImage {
  data: Buffer;
  webp: Buffer;
  contentType: string;
  width: number;
  height: number;
  size: number;
  sha256: string;
  extension: string;
}

const OUTPUT: Record<string, { type: string; ext: string }> = {
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
  png: { type: 'image/png', ext: 'png' },
  webp: { type: 'image/webp', ext: 'webp' },
};

/**
 * Decodes the upload (so anything that is not an image is refused), scales an image larger than
 * 1200 x 630 down to fit on a white background, and keeps a smaller one as it is. Re-encoding
 * also strips metadata such as GPS positions.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw unsupportedType(NOT_AN_IMAGE);
  }
  if (!meta.width || !meta.height || !meta.format) throw unsupportedType(NOT_AN_IMAGE);
  const tooLarge = meta.width > IMAGE_MAX_WIDTH || meta.height > IMAGE_MAX_HEIGHT;
  const out = OUTPUT[meta.format] ?? OUTPUT.png!;
  let data: Buffer;
  let width = meta.width;
  let height = meta.height;
  try {
    if (tooLarge) {
      const scale = Math.min(IMAGE_MAX_WIDTH / meta.width, IMAGE_MAX_HEIGHT / meta.height);
      width = Math.max(1, Math.round(meta.width * scale));
      height = Math.max(1, Math.round(meta.height * scale));
      const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(width, height, { fit: 'inside' })
        .flatten({ background: '#ffffff' });
      data = await (out.ext === 'png' ? pipeline.png() : out.ext === 'webp' ? pipeline.webp() : pipeline.jpeg({ quality: 85 })).toBuffer();
      const resized = await sharp(data).metadata();
      width = resized.width!;
      height = resized.height!;
    } else if (OUTPUT[meta.format]) {
      data = input;
    } else {
      // GIF, AVIF, TIFF...: kept at their size, stored as PNG so every browser shows them.
      data = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).png().toBuffer();
    }
  } catch {
    throw unsupportedType(NOT_AN_IMAGE);
  }
  const webp = await sharp(data).webp({ quality: 80 }).toBuffer();
  return {
    data,
    webp,
    contentType: out.type,
    width,
    height,
    size: data.length,
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
    extension: out.ext,
  };
}
