/**
 * The audit trail's areas and page size: only the back office and the server read them, so they
 * live apart from constants.ts, whose every used export ships in the public pages' first load.
 */
/** The areas the audit trail names (GET /api/audit?area=). */
export const AUDIT_AREAS = [
  'session',
  'users',
  'posts',
  'vacancies',
  'content',
  'settings',
  'providers',
  'mailboxes',
  'messages',
  'mail-log',
  'retention',
  'candidates',
  'candidate-mails',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];
export const AUDIT_PAGE_SIZE = 25;
