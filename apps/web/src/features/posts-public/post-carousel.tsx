import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PostImage } from '@app/shared/schemas/posts';
import { usePublic, useText } from '../../lib/language';
import { imageSources } from '@app/shared/images';
import { LIGHTBOX_LOAD_DELAY_MS } from '@app/shared/constants';
import styles from './posts.module.css';
import { ChevronIcon } from '../../ui/public/chevron-icon';

const loadLightbox = () => import('./lightbox');
const Lightbox = lazy(loadLightbox);

/**
 * A post's images one at a time: previous and next only with more than one image,
 * wrapping around (previous from the first goes to the last, next from the last to the first).
 * The image opens the lightbox (click, Enter or Space), whose code is fetched 100 ms after the
 * carousel appears: not part of the page's first load, yet there when the visitor clicks.
 */
export function PostCarousel({
  images,
  title,
  eager = false,
}: {
  images: PostImage[];
  title: string;
  eager?: boolean;
}) {
  const t = useText();
  const { texts } = usePublic();
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const zoomRef = useRef<HTMLButtonElement>(null);
  const hasImages = images.length > 0;

  useEffect(() => {
    if (!hasImages) return;
    const timer = window.setTimeout(() => void loadLightbox(), LIGHTBOX_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hasImages]);

  // The carousel follows the lightbox to the image it showed last, and the focus comes back to it.
  const onClose = useCallback((last: number) => {
    setIndex(last);
    setOpen(false);
    zoomRef.current?.focus();
  }, []);

  if (!hasImages) return <p className={styles.noImages}>{texts.public.noImages}</p>;

  const count = images.length;
  const shown = Math.min(index, count - 1);
  const current = images[shown]!;
  const { src, webp } = imageSources(current.imagePath);
  const prev = () => setIndex((i) => (i === 0 ? count - 1 : i - 1));
  const next = () => setIndex((i) => (i === count - 1 ? 0 : i + 1));
  const alt = current.alt || (count > 1 ? t('imageAlt', { title, n: shown + 1, count }) : title);
  // Shown at its own width, or the whole screen's on a narrower one: the browser picks the copy.
  const sizes = `(max-width: ${current.width}px) 100vw, ${current.width}px`;

  return (
    <div className={styles.carousel} role="group" aria-roledescription="carousel" aria-label={t('imagesOf', { title })}>
      <figure className={styles.frame}>
        <button
          ref={zoomRef}
          type="button"
          className={styles.zoom}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label={t('enlargeImage', { alt })}
        >
          <picture key={src}>
            {current.srcSet?.avif && <source type="image/avif" srcSet={current.srcSet.avif} sizes={sizes} />}
            <source
              type="image/webp"
              srcSet={current.srcSet?.webp ?? webp}
              sizes={current.srcSet ? sizes : undefined}
            />
            {/* width and height reserve the image's box before it loads (no layout shift). */}
            <img
              src={src}
              width={current.width}
              height={current.height}
              alt={alt}
              loading={eager && shown === 0 ? 'eager' : 'lazy'}
              fetchPriority={eager && shown === 0 ? 'high' : undefined}
              decoding="async"
              className={styles.image}
            />
          </picture>
        </button>
        {current.caption && <figcaption className={styles.caption}>{current.caption}</figcaption>}
      </figure>
      {count > 1 && (
        <div className={styles.carouselControls}>
          <button type="button" className={styles.arrow} onClick={prev} aria-label={t('previousImage')}>
            <ChevronIcon direction="previous" size={22} />
          </button>
          <span className={styles.counter} aria-live="polite">
            {shown + 1} / {count}
          </span>
          <button type="button" className={styles.arrow} onClick={next} aria-label={t('nextImage')}>
            <ChevronIcon direction="next" size={22} />
          </button>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <Lightbox images={images} title={title} start={shown} onClose={onClose} />
        </Suspense>
      )}
    </div>
  );
}
