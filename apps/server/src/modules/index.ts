import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Feature modules register here, one line each, so that features can be added without touching
 * app.ts. `routes` is mounted under /api; `root` (optional) at the site root (pages, images, feeds).
 */
export interface ApiModule {
  name: string;
  routes: FastifyPluginAsync<{ config: AppConfig }>;
  root?: FastifyPluginAsync<{ config: AppConfig }>;
}

export const apiModules: ApiModule[] = [];
