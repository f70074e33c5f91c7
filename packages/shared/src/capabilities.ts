import type { RoleName } from './constants';

/**
 * What a role may do, one word per part of the back office (decision 0145). Every /api route and
 * every back-office page names the one capability it needs; a role holds a fixed list of them.
 * A user with several roles (the CLI allows it) holds the union.
 */
export const CAPABILITIES = [
  /** Write posts as drafts, edit and delete one's own drafts, submit them for review. */
  'posts:own',
  /** Every post: publish, schedule, edit and delete anyone's. */
  'posts:publish',
  /** The page texts (masthead, intro). */
  'content',
  'vacancies',
  /** The contact messages that apply for a vacancy (their delivery state, as the messages list shows). */
  'applications',
  /**
   * The candidate pipeline (decision 0160): candidates of every vacancy and the pool, their stages,
   * notes, mails, interviews and everyone's feedback; the candidate mail templates.
   */
  'candidates',
  /** One's own interviews: the candidates one interviews (only those), their CV, one's feedback. */
  'interviews',
  /** Every contact message, its delivery and the data-subject requests (export, erase). */
  'messages',
  'users',
  /** Mailboxes, providers and the mail log. */
  'mail',
  'settings',
  'audit',
  /** The staff landing page with its figures (/admin). */
  'dashboard',
  /** The personnel pages of ROLE_USER. */
  'personnel',
  /** What no narrower capability names, and every /api route that declares none (deny by default). */
  'system',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ADMIN: readonly Capability[] = CAPABILITIES.filter((c) => c !== 'personnel');

/** Each role's capabilities. ROLE_ADMIN and ROLE_USER keep exactly what the specification gives them. */
export const ROLE_CAPABILITIES: Record<RoleName, readonly Capability[]> = {
  ROLE_ADMIN: ADMIN,
  ROLE_USER: ['personnel', 'interviews'],
  ROLE_CONTRIBUTOR: ['dashboard', 'posts:own', 'interviews'],
  ROLE_EDITOR: ['dashboard', 'posts:own', 'posts:publish', 'content', 'vacancies', 'interviews'],
  ROLE_RECRUITER: ['dashboard', 'vacancies', 'applications', 'candidates', 'interviews'],
};

/** True when one of the roles holds the capability (an unknown role name holds none). */
export const rolesCan = (roles: readonly string[], capability: Capability): boolean =>
  roles.some((r) => (ROLE_CAPABILITIES as Record<string, readonly Capability[] | undefined>)[r]?.includes(capability));
