import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { ChevronLeftIcon as ChevronLeft, ChevronRightIcon as ChevronRight } from '../../../ui/admin/icons';
import { imageSources } from '@app/shared/images';
import type { PostImage } from '@app/shared/schemas/posts';
import { MSG } from '@app/shared/messages';
import { CAROUSEL_MAX_HEIGHT } from '@app/shared/constants';

/**
 * A post's images one at a time: previous and next only with more than one image, wrapping at both
 * ends; the index starts at 0. `alt` is the post's title, which names an image without alt text.
 */
export function ImageCarousel({
  images,
  alt,
  maxHeight = CAROUSEL_MAX_HEIGHT,
}: {
  images: PostImage[];
  alt: string;
  maxHeight?: number;
}) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) return <Typography color="text.secondary">{MSG.noImages}</Typography>;
  const count = images.length;
  // The list can shrink under us (an image removed elsewhere); never point past its end.
  const current = Math.min(index, count - 1);
  const image = images[current]!;
  const { src, webp } = imageSources(image.imagePath);
  const step = (delta: number) => setIndex((current + delta + count) % count);

  return (
    <Box
      role="group"
      aria-roledescription="carousel"
      aria-label={`Images of ${alt}`}
      sx={{ position: 'relative', textAlign: 'center' }}
    >
      <picture>
        <source type="image/webp" srcSet={webp} />
        <img
          src={src}
          // The image's own alt text when it has one (asked at upload), as on the public pages.
          alt={image.alt || (count > 1 ? `${alt} (image ${current + 1} of ${count})` : alt)}
          width={image.width}
          height={image.height}
          loading="lazy"
          style={{
            maxWidth: '100%',
            height: 'auto',
            maxHeight,
            objectFit: 'contain',
            display: 'block',
            margin: '0 auto',
          }}
        />
      </picture>
      {count > 1 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, mt: 1 }}>
          <IconButton aria-label="Previous image" onClick={() => step(-1)}>
            <ChevronLeft />
          </IconButton>
          <Typography variant="body2" aria-live="polite">
            {current + 1} / {count}
          </Typography>
          <IconButton aria-label="Next image" onClick={() => step(1)}>
            <ChevronRight />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
