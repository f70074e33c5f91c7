/** Blog posts with their images, likes and scheduled publication. */
export { plainText, renderMarkdown } from './markdown';
export { postsRepository } from './repository';
export { postsRoutes } from './routes';
