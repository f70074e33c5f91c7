import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { fillText } from '@app/shared/messages/fill-text';
import { useText } from '../../lib/language';
import type { PostImage } from '@app/shared/schemas/posts';
import { imageSources } from '@app/shared/images';
import { ChevronIcon } from '../../ui/public/chevron-icon';
import styles from './lightbox.module.css';

export interface LightboxProps {
  images: PostImage[];
  title: string;
  /** The image shown first. */
  start: number;
  /** Called once the dialog has closed, with the image it showed last. */
  onClose: (index: number) => void;
}

const altOf = (image: PostImage, title: string, index: number, count: number, pattern: string) =>
  image.alt || (count > 1 ? fillText(pattern, { title, n: index + 1, count }) : title);

/**
 * A post's images at full size in a modal dialog. The native modal `<dialog>` makes the rest of the
 * page inert and closes on Escape; Tab is kept inside by hand because Chrome lets it leave a modal
 * dialog for the browser's own controls. Every way of closing goes through the dialog's `close`
 * event, so the caller hears of an Escape just as of the button. Loaded on demand (React `lazy`),
 * so it is not part of any page's first load.
 */
export default function Lightbox({ images, title, start, onClose }: LightboxProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [index, setIndex] = useState(start);
  const t = useText();
  const indexRef = useRef(start);
  indexRef.current = index;
  const count = images.length;
  const image = images[Math.min(index, count - 1)]!;
  const { src, webp } = imageSources(image.imagePath);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onDialogClose = () => onClose(indexRef.current);
    dialog.addEventListener('close', onDialogClose);
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      dialog.removeEventListener('close', onDialogClose);
      if (dialog.open) dialog.close();
    };
  }, [onClose]);

  const close = () => dialogRef.current?.close();
  const prev = () => setIndex((i) => (i === 0 ? count - 1 : i - 1));
  const next = () => setIndex((i) => (i === count - 1 ? 0 : i + 1));

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'ArrowLeft' && count > 1) {
      e.preventDefault();
      prev();
    } else if (e.key === 'ArrowRight' && count > 1) {
      e.preventDefault();
      next();
    } else if (e.key === 'Tab') {
      const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>('button')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !e.currentTarget.contains(active))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (active === last || !e.currentTarget.contains(active))) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  // A click on the dark surroundings (not on the image, its caption or a button) closes.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    const target = e.target as HTMLElement;
    if (target === e.currentTarget || target.dataset['backdrop'] !== undefined) close();
  };

  const alt = altOf(image, title, index, count, t('imageAlt'));
  const sizes = `(max-width: ${image.width}px) 100vw, ${image.width}px`;
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-label={count > 1 ? t('imageDialog', { title, n: index + 1, count }) : title}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className={styles.stage} data-backdrop="">
        <figure className={styles.figure}>
          <picture key={src}>
            {image.srcSet?.avif && <source type="image/avif" srcSet={image.srcSet.avif} sizes={sizes} />}
            <source type="image/webp" srcSet={image.srcSet?.webp ?? webp} sizes={image.srcSet ? sizes : undefined} />
            <img src={src} width={image.width} height={image.height} alt={alt} className={styles.image} />
          </picture>
          {image.caption && <figcaption className={styles.caption}>{image.caption}</figcaption>}
        </figure>
      </div>
      <button
        ref={closeRef}
        type="button"
        className={`${styles.button} ${styles.close}`}
        onClick={close}
        aria-label={t('close')}
      >
        <span aria-hidden="true">×</span>
      </button>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.button} ${styles.prev}`}
            onClick={prev}
            aria-label={t('previousImage')}
          >
            <ChevronIcon direction="previous" size={26} />
          </button>
          <button
            type="button"
            className={`${styles.button} ${styles.next}`}
            onClick={next}
            aria-label={t('nextImage')}
          >
            <ChevronIcon direction="next" size={26} />
          </button>
          <p className={styles.counter} aria-live="polite">
            {index + 1} / {count}
          </p>
        </>
      )}
    </dialog>
  );
}
