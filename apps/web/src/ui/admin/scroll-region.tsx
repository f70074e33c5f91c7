import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { SwipeLeftIcon } from './icons';

/**
 * A table that may be wider than the screen: it scrolls sideways inside its own region instead of
 * squeezing its columns until words break letter by letter, or widening the page. Only while it is
 * wider than the region does a hint say so above it, and only then is the region a tab stop
 * (named, described by the hint), so keyboard users can scroll it with the arrow keys.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const [wider, setWider] = useState(false);

  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    const measure = () => setWider(region.scrollWidth > region.clientWidth + 1);
    measure();
    // The region's size changes with the window, the content's with the data shown.
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    for (const child of region.children) observer.observe(child);
    return () => observer.disconnect();
  }, [children]);

  return (
    <>
      {wider && (
        <Typography
          id={hintId}
          variant="body2"
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1.5 }}
        >
          <SwipeLeftIcon fontSize="small" aria-hidden />
          {BACK_OFFICE_MSG.tableScrollsSideways}
        </Typography>
      )}
      <Box
        ref={ref}
        role="region"
        aria-label={label}
        aria-describedby={wider ? hintId : undefined}
        tabIndex={wider ? 0 : undefined}
        sx={{ overflowX: 'auto', '&:focus-visible': { outlineOffset: -3 } }}
      >
        {children}
      </Box>
    </>
  );
}
