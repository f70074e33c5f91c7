import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';

/** `() => import('./x')` giving a component as the default export, as React's `lazy` wants it. */
export type LazyComponent<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * Renders a lazily imported component only in the browser, once its place comes near the
 * viewport. The server and the first browser render both produce the empty placeholder, so
 * hydration matches, and the component's code is not part of the page's first load.
 */
export function Deferred<P extends object>({
  load,
  props,
  className,
}: {
  load: LazyComponent<P>;
  props: P;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  // The loader function is stable per call site; lazy() must be created once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const Component = useMemo(() => lazy(load), []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (!('IntersectionObserver' in window)) {
      setVisible(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '400px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

  return (
    <div ref={ref} className={className}>
      {visible && (
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      )}
    </div>
  );
}
