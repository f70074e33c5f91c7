/**
 * Sign-in, two-factor, Log Out, the account's own routes and the staff's sessions, and the plugin
 * every /api route relies on: bearer tokens and each route's access rule (`authPlugin`).
 */
export { authPlugin, type RouteEntry } from './plugin';
export { authRoutes } from './routes';
export { accountRoutes, userSessionRoutes } from './account-routes';
export { can, type Access, type Principal } from './access';
