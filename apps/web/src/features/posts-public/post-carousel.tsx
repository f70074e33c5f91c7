import { useState } from 'react';
import type { PostImage } from '@app/shared/schemas/posts';
import { MSG } from '@app/shared/messages';
import { imageSources } from '@app/shared/images';
import styles from './posts.module.css';
import { ChevronIcon } from '../../ui/public/chevron-icon';

/**
 * A post's images one at a time: previous and next only with more than one image,
 * wrapping around (previous from the first goes to the last, next from the last to the first).
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
  const [index, setIndex] = useState(0);
  if (images.length === 0) return <p className={styles.noImages}>{MSG.noImages}</p>;

  const count = images.length;
  const current = images[Math.min(index, count - 1)]!;
  const { src, webp } = imageSources(current.imagePath);
  const prev = () => setIndex((i) => (i === 0 ? count - 1 : i - 1));
  const next = () => setIndex((i) => (i === count - 1 ? 0 : i + 1));

  return (
    <div className={styles.carousel} role="group" aria-roledescription="carousel" aria-label={`Images of ${title}`}>
      <figure className={styles.frame}>
        <picture>
          <source type="image/webp" srcSet={webp} />
          <img
            key={src}
            src={src}
            width={current.width}
            height={current.height}
            alt={current.alt || (count > 1 ? `${title}, image ${index + 1} of ${count}` : title)}
            loading={eager && index === 0 ? 'eager' : 'lazy'}
            fetchPriority={eager && index === 0 ? 'high' : undefined}
            decoding="async"
            className={styles.image}
          />
        </picture>
        {current.caption && <figcaption className={styles.caption}>{current.caption}</figcaption>}
      </figure>
      {count > 1 && (
        <div className={styles.carouselControls}>
          <button type="button" className={styles.arrow} onClick={prev} aria-label="Previous image">
            <ChevronIcon direction="previous" size={22} />
          </button>
          <span className={styles.counter} aria-live="polite">
            {index + 1} / {count}
          </span>
          <button type="button" className={styles.arrow} onClick={next} aria-label="Next image">
            <ChevronIcon direction="next" size={22} />
          </button>
        </div>
      )}
    </div>
  );
}
