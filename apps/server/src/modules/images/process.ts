import type sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import crypto from 'node:crypto';
import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH } from '@app/shared/constants';
import { VARIANT_WIDTHS, type VariantFormat } from '@app/shared/images';
import { MSG } from '@app/shared/messages';
import { tooLarge, unsupportedType } from '../../lib/http-error';

/** Refuse images whose pixel count could exhaust memory when decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * And either side past this: a 117 KB PNG of 40,000,000 x 1 pixels is within the pixel count but
 * took the process from 239 to 1,155 MiB (libvips' buffers follow the width). WebP's own limit.
 */
export const MAX_INPUT_SIDE = 16_384;
export const NOT_AN_IMAGE = MSG.imageNotAnImage;

export interface ImageVariant {
  width: number;
  format: VariantFormat;
  data: Buffer;
}

export interface ProcessedImage {
  data: Buffer;
  webp: Buffer;
  variants: ImageVariant[];
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

/** sharp once loaded, with what this module derives from it once. */
interface Vips {
  sharp: typeof sharp;
  /** An upload or stored image, refused above MAX_INPUT_PIXELS. */
  open: (input: Buffer) => Sharp;
  /** Whether this build of sharp can write AVIF (prebuilt sharp can; a system libvips may not). */
  avif: boolean;
}

let loading: Promise<Vips> | undefined;

/**
 * sharp, loaded on first use: libvips holds about 19 MiB resident once loaded, which a restart that
 * processes no image never needs (docs/decisions/0095-embedded-database-compiled-once.md).
 */
const vips = (): Promise<Vips> =>
  (loading ??= import('sharp').then(({ default: loaded }) => {
    // Each upload (and each seeded illustration) is decoded once: libvips' operation cache (by
    // default up to 50 MB of decoded images per process) would only hold memory that is never asked
    // for again. (No difference measured after the seed's few small images; it bounds what large
    // uploads leave.)
    loaded.cache(false);
    return {
      sharp: loaded,
      open: (input) => loaded(input, { limitInputPixels: MAX_INPUT_PIXELS }),
      avif: Boolean(loaded.format.heif?.output.buffer),
    };
  }));

export const loadSharp = async (): Promise<typeof sharp> => (await vips()).sharp;

/**
 * One image is decoded at a time in the whole process: a decode may take up to MAX_INPUT_PIXELS x 4
 * bytes (160 MiB), and three uploads at once took 3 GiB. Later uploads wait their turn.
 */
let turn: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = turn.then(task, task);
  turn = run.catch(() => undefined);
  return run;
}

/**
 * Decodes the upload (so anything that is not an image is refused), scales an image larger than
 * 1200 x 630 down to fit on a white background, and re-encodes a smaller one at its size. Every
 * stored image is written by libvips, never kept as uploaded: that drops every kind of metadata
 * (EXIF with GPS positions or camera serials, XMP, IPTC, PNG text chunks, JPEG comments) and any
 * bytes after the image (a polyglot file), because publishing them is a privacy leak or worse.
 */
export const processImage = (input: Buffer): Promise<ProcessedImage> => oneAtATime(() => processOne(input));

async function processOne(input: Buffer): Promise<ProcessedImage> {
  const { sharp, open } = await vips();
  let meta: Metadata;
  try {
    // Reads the header only: the pixel count is checked below before anything is decoded.
    meta = await sharp(input).metadata();
  } catch {
    throw unsupportedType(NOT_AN_IMAGE);
  }
  if (!meta.width || !meta.height || !meta.format) throw unsupportedType(NOT_AN_IMAGE);
  if (meta.width > MAX_INPUT_SIDE || meta.height > MAX_INPUT_SIDE) throw tooLarge(MSG.imageTooWide);
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge(MSG.imageTooManyPixels);
  // The size the reader sees, after the EXIF orientation is applied.
  const shown = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const needsResize = shown.width > IMAGE_MAX_WIDTH || shown.height > IMAGE_MAX_HEIGHT;
  const out = OUTPUT[meta.format] ?? OUTPUT.png!;
  let data: Buffer;
  try {
    if (needsResize) {
      const pipeline = open(input)
        .rotate()
        .resize(IMAGE_MAX_WIDTH, IMAGE_MAX_HEIGHT, { fit: 'inside' })
        .flatten({ background: '#ffffff' });
      data = await encode(pipeline, out.ext).toBuffer();
    } else {
      // Decoding fully proves that the file is a whole image, not just a valid header. GIF, AVIF,
      // TIFF... are stored as PNG so every browser shows them.
      data = await encode(open(input).rotate(), out.ext).toBuffer();
    }
  } catch {
    throw unsupportedType(NOT_AN_IMAGE);
  }
  const stored = await sharp(data).metadata();
  const webp = await sharp(data).webp({ quality: 80 }).toBuffer();
  return {
    data,
    webp,
    variants: await makeVariants(data, stored.width),
    contentType: out.type,
    width: stored.width,
    height: stored.height,
    size: data.length,
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
    extension: out.ext,
  };
}

function encode(pipeline: Sharp, ext: string): Sharp {
  if (ext === 'png') return pipeline.png();
  if (ext === 'webp') return pipeline.webp();
  return pipeline.jpeg({ quality: 85 });
}

/**
 * The narrower copies for `srcset`: each of VARIANT_WIDTHS below the image's width in WebP and
 * AVIF, and AVIF at the full width too (the full-width WebP is the image's `.webp`). Made once,
 * here, at upload: serving them is then a read. AVIF at effort 2 keeps an upload's processing
 * under a second on a small machine, for files a few percent larger than at the default effort.
 */
export async function makeVariants(data: Buffer, width: number): Promise<ImageVariant[]> {
  const { open, avif } = await vips();
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  const out: ImageVariant[] = [];
  for (const w of [...widths, width]) {
    const resized = () => open(data).resize({ width: w, withoutEnlargement: true });
    if (w < width) out.push({ width: w, format: 'webp', data: await resized().webp({ quality: 80 }).toBuffer() });
    if (avif) out.push({ width: w, format: 'avif', data: await resized().avif({ quality: 55, effort: 2 }).toBuffer() });
  }
  return out;
}

/**
 * Makes the copies of images stored before copies existed (an upgraded database, its demo
 * images included). Runs at every start; after the first it finds nothing to do.
 */
export async function addMissingVariants(repo: {
  withoutVariants: () => Promise<{ id: number; data: Buffer; width: number }[]>;
  insertVariants: (imageId: number, variants: ImageVariant[]) => Promise<void>;
}): Promise<number> {
  const missing = await repo.withoutVariants();
  for (const image of missing) await repo.insertVariants(image.id, await makeVariants(image.data, image.width));
  return missing.length;
}
