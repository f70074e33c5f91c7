/** Where stored images are served: outside /api, public, cached for a year (names never change). */
export const IMAGE_BASE = '/images';
/** The WebP variant of an image is its URL plus this suffix: '/images/abc.jpg' → '/images/abc.jpg.webp'. */
export const WEBP_SUFFIX = '.webp';

export interface ImageSources {
  /** The stored image (JPEG, PNG or WebP): the `src` of the `<img>`. */
  src: string;
  /** The WebP variant, for `<source type="image/webp" srcSet={webp}>` inside a `<picture>`. */
  webp: string;
}

/** Accepts a bare filename or an imagePath ('/images/{filename}', possibly absolute). */
export function imageSources(filenameOrPath: string): ImageSources {
  const filename = filenameOrPath.slice(filenameOrPath.lastIndexOf('/') + 1);
  const src = `${IMAGE_BASE}/${filename}`;
  return { src, webp: filename.endsWith(WEBP_SUFFIX) ? src : `${src}${WEBP_SUFFIX}` };
}

export const imagePath = (filename: string) => `${IMAGE_BASE}/${filename}`;

/**
 * Narrower copies made of every stored image at upload (docs/decisions/0055-responsive-images.md),
 * for the widths below the image's own, in WebP and AVIF; AVIF also at the full width.
 */
export const VARIANT_WIDTHS = [480, 800] as const;
export type VariantFormat = 'webp' | 'avif';

/** '/images/abc.jpg' at 480 px in AVIF → '/images/abc.jpg.480w.avif'. */
export const variantPath = (filenameOrPath: string, width: number, format: VariantFormat) =>
  `${imageSources(filenameOrPath).src}.${width}w.${format}`;
