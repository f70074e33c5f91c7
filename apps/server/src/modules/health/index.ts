/** The health endpoint under /api. */
export { healthRoutes } from './routes';
