/** The intro, masthead and site settings; other modules read them through the repository. */
export { contentRepository } from './repository';
export { contentRoutes } from './routes';
