/** Stored images, their responsive variants, and `/images/{file}` at the site root. */
export { addMissingVariants, loadSharp, processImage, type ProcessedImage } from './process';
export { imagesRepository, type Queryable } from './repository';
export { imagesRoot } from './routes';
