/** The back office's dashboard: reads only, through the other modules' faces. */
export { dashboardRoutes } from './routes';
