import { ROUTES } from '@app/shared/routes';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useText } from '../../lib/language';
import { Link } from '../../lib/link';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { VISIONS, VISION_IMAGE, visionAnchor } from '../../ui/public/visions';
import { prefersReducedMotion } from '../../ui/public/motion';
import a11y from '../../ui/public/a11y.module.css';
import styles from './vision-carousel.module.css';
import { ChevronIcon } from '../../ui/public/chevron-icon';

/**
 * Embla's `duration` is not in milliseconds but a damping factor of its 60 fps integrator: with
 * 19 a one-card step comes within a pixel of its target after about 500 ms,
 * without overshoot. 0 makes it instant, for visitors who prefer reduced motion.
 */
const DURATION_FOR_500MS = 19;
const DRAG_THRESHOLD_PX = 20;

/** "Narrower than tall" switches to the vertical, one-card carousel. */
const isPortrait = () => window.innerWidth < window.innerHeight;

export function VisionCarousel() {
  // Unknown until mounted: the server and the first browser render leave the layout to CSS.
  const t = useText();
  const [vertical, setVertical] = useState<boolean | null>(null);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [selected, setSelected] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);

  const options = useMemo<EmblaOptionsType>(
    () => ({
      active: vertical !== null,
      axis: vertical ? 'y' : 'x',
      loop: true,
      slidesToScroll: 1,
      align: 'start',
      duration: reducedMotion ? 0 : DURATION_FOR_500MS,
      dragThreshold: DRAG_THRESHOLD_PX,
    }),
    [vertical, reducedMotion],
  );
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();

  // Embla's code is fetched when the carousel first comes near the viewport (`vertical` is set
  // then, below): it is not part of the home page's first-load JavaScript, and until it arrives
  // the server-rendered cards stand as CSS lays them out.
  useEffect(() => {
    const el = viewportRef.current;
    if (vertical === null || !el) return;
    let api: EmblaCarouselType | undefined;
    let cancelled = false;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (cancelled) return;
      api = EmblaCarousel(el, options);
      setEmbla(api);
    });
    return () => {
      cancelled = true;
      api?.destroy();
      setEmbla(undefined);
    };
  }, [vertical, options]);

  // The carousel starts when it comes near the viewport: measuring and laying out the slides
  // is then not part of the page's start-up work (it keeps the main thread free while hydrating).
  useEffect(() => {
    setReducedMotion(prefersReducedMotion());
    const onResize = () => setVertical(isPortrait());
    const el = rootRef.current;
    let io: IntersectionObserver | undefined;
    if (el && 'IntersectionObserver' in window) {
      io = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          io?.disconnect();
          onResize();
          window.addEventListener('resize', onResize);
        },
        { rootMargin: '300px 0px' },
      );
      io.observe(el);
    } else {
      onResize();
      window.addEventListener('resize', onResize);
    }
    return () => {
      io?.disconnect();
      window.removeEventListener('resize', onResize);
    };
  }, []);

  // Refresh on every window resize (a changed axis re-initialises through the options).
  useEffect(() => {
    if (!embla) return;
    const onResize = () => embla.reInit();
    window.addEventListener('resize', onResize);
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      window.removeEventListener('resize', onResize);
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const prev = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      e.preventDefault();
      prev();
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
      e.preventDefault();
      next();
    }
  };

  const axis = vertical === null ? undefined : vertical ? 'y' : 'x';
  const current = VISIONS[selected];
  return (
    <div
      ref={rootRef}
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={t('visionCards')}
      data-axis={axis}
      data-selected={selected}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className={`${styles.control} ${styles.prev}`}
        onClick={prev}
        aria-controls="vision-slides"
        aria-label={t('previousVision')}
      >
        <ChevronIcon direction="previous" />
      </button>
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.container} id="vision-slides">
          {VISIONS.map((v, i) => (
            <li
              key={v.id}
              className={styles.slide}
              aria-roledescription="slide"
              aria-label={t('slideOf', { n: i + 1, count: VISIONS.length })}
            >
              <Link to={`${ROUTES.vision.path}#${visionAnchor(v.id)}`} className={styles.card}>
                <img
                  src={v.image}
                  alt=""
                  width={VISION_IMAGE.width}
                  height={VISION_IMAGE.height}
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                  className={styles.image}
                />
                <span className={styles.caption}>{t(v.name)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className={`${styles.control} ${styles.next}`}
        onClick={next}
        aria-controls="vision-slides"
        aria-label={t('nextVision')}
      >
        <ChevronIcon direction="next" />
      </button>
      <p className={a11y.srOnly} aria-live="polite" aria-atomic="true">
        {embla && current ? t('visionSlide', { n: selected + 1, count: VISIONS.length, name: t(current.name) }) : ''}
      </p>
    </div>
  );
}
