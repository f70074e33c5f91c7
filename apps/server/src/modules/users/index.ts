/** Staff accounts and their roles: the administrator's routes, and the repository that owns the users table. */
export { usersRepository, type UserRow } from './repository';
export { usersRoutes } from './routes';
