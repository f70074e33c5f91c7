/** The intro, masthead and site settings; other modules read them through the repository. */
export { contentRepository, type ContentRepository } from './repository';
export { contentRoutes } from './routes';
export { contentService, type ContentService } from './service';
