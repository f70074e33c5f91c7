import type { SiteRoute } from '@app/shared/routes';

/**
 * The path of a route of the shared route table as a child of the root route: '/' becomes the
 * index route, '/post/:id' the relative 'post/:id'.
 */
export const routePath = (route: SiteRoute): { index: true } | { path: string } =>
  route.path === '/' ? { index: true } : { path: route.path.slice(1) };
