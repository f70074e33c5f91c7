/**
 * The audit trail: the hook that writes a row for every route whose config names `audit` (its
 * plugin, registered before any route), `GET /api/audit`, and the ways other modules record and
 * read rows themselves.
 */
export { auditPlugin, type AuditRoute } from './plugin';
export { auditRoutes } from './routes';
export { recordAudit } from './service';
export { auditRepository } from './repository';
