/** The embedded database's nightly VACUUM (ANALYZE), which autovacuum does on a PostgreSQL server. */
export { maintenancePlugin } from './plugin';
export { nightlyRunDue, vacuumTables } from './service';
