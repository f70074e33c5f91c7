// Test support for the posts and images tests: generated images and post bodies.
import sharp, { type Create } from 'sharp';

export const png = (
  width: number,
  height: number,
  background: Create['background'] = { r: 200, g: 30, b: 40, alpha: 1 },
) =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

export const postJson = (over: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'A title', content: 'Long enough content.', postedBy: 'Tester', tags: ['one'], ...over });
