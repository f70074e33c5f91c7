// Only the capabilities' type: the table spells them out, and the compiler checks each spelling
// against capabilities.ts. A value import made Rolldown split constants.ts out of the public entry
// into a chunk of its own (about 0.15 KB gzip more on every public page) once the public bar and
// footer, which the back office's post preview also imports, took their paths from this table.
import type { Capability } from './capabilities';

/**
 * Who may open a page: anyone, any signed-in staff member, or a signed-in user whose role holds the
 * capability (capabilities.ts, decision 0145): the same word the page's API routes need.
 */
export type RouteAccess = 'public' | 'authenticated' | Capability;

export interface SiteRoute {
  /** Absolute React Router pattern: `:name` is a parameter, `:name?` an optional one. */
  readonly path: string;
  readonly access: RouteAccess;
  /** A public page without parameters that the sitemap lists. */
  readonly sitemap?: true;
  /** A public page that search engines should not visit (robots.txt disallows it). */
  readonly hidden?: true;
}

/**
 * Every page of the site and who may see it, in one table: the web router takes its paths and the
 * back office's required roles from it, the server's sitemap and robots.txt list and hide pages
 * with it, and the bundle-size check measures each public page. Back-office pages are rendered in
 * the browser behind the guard (docs/decisions/0002-guard-redirects.md); the API checks the
 * capability again on every call (docs/decisions/0004-access-control.md).
 *
 * This module runs in the public pages' first load: keep it free of zod and other dependencies.
 */
export const ROUTES = {
  home: { path: '/', access: 'public', sitemap: true },
  services: { path: '/services', access: 'public', sitemap: true },
  careers: { path: '/careers', access: 'public', sitemap: true },
  vision: { path: '/vision', access: 'public', sitemap: true },
  about: { path: '/about', access: 'public', sitemap: true },
  posts: { path: '/post', access: 'public', sitemap: true },
  /**
   * Listed in the sitemap once per post. `/post/{id}/{slug}` is canonical; `/post/{id}` and any
   * other slug answer 301 to it.
   */
  post: { path: '/post/:id/:slug?', access: 'public' },
  /** The public posts with one tag; listed in the sitemap once per tag. */
  tag: { path: '/tag/:tag', access: 'public' },
  vacancies: { path: '/vacatures', access: 'public', sitemap: true },
  /** The default vacancy; its canonical URL is the vacancy's own page. */
  defaultVacancy: { path: '/vacancy', access: 'public' },
  /**
   * Listed in the sitemap once per open vacancy. `/vacancy/{id}/{slug}` is canonical;
   * `/vacancy/{id}` and any other slug answer 301 to it.
   */
  vacancy: { path: '/vacancy/:vacancyId/:slug?', access: 'public' },
  /** The privacy notice the contact form links to; its text is edited in the site settings. */
  privacy: { path: '/privacy', access: 'public', sitemap: true },
  login: { path: '/login', access: 'public', hidden: true },
  /** Asks for an address and mails a one-time reset link; the pages below open the links from the mails. */
  forgotPassword: { path: '/forgot-password', access: 'public', hidden: true },
  resetPassword: { path: '/reset-password', access: 'public', hidden: true },
  acceptInvitation: { path: '/accept-invitation', access: 'public', hidden: true },

  /** Every signed-in staff member: two-factor, sign out everywhere, own password. */
  accountSecurity: { path: '/account-security', access: 'authenticated' },
  changePassword: { path: '/change-password', access: 'authenticated' },
  /** The display name, the default "Posted By" of a new post. */
  profile: { path: '/profile', access: 'authenticated' },

  personel: { path: '/personel', access: 'personnel' },
  /** One's own interviews (any staff member an interview names): the candidate's CV and a feedback form. */
  interviews: { path: '/personel/interviews', access: 'interviews' },
  /** A candidate one interviews, as an interviewer sees them (403 from the API otherwise). */
  interviewCandidate: { path: '/personel/interviews/candidate/:id', access: 'interviews' },
  timesheets: { path: '/personel/timesheets', access: 'personnel' },

  admin: { path: '/admin', access: 'dashboard' },
  overviewUsers: { path: '/overview-user', access: 'users' },
  createUser: { path: '/create-user', access: 'users' },
  /** Invite a person by e-mail and role: they choose their own password through the mailed link. */
  inviteUser: { path: '/invite-user', access: 'users' },
  editUser: { path: '/edit-user/:id', access: 'users' },
  adminPosts: { path: '/posts', access: 'posts:own' },
  createPost: { path: '/create-post', access: 'posts:own' },
  viewPost: { path: '/view-post/:id?', access: 'posts:own' },
  editPost: { path: '/edit-post/:id?', access: 'posts:own' },
  /** A post's source beside its translation into one language (?language=nl); decision 0155. */
  translatePost: { path: '/translate-post/:id', access: 'posts:publish' },
  /** A post (draft or not) as its public page will render it, marked as a preview; never indexed or cached. */
  previewPost: { path: '/preview-post/:id', access: 'posts:own' },
  searchPosts: { path: '/search-by-name', access: 'posts:own' },
  viewAllPosts: { path: '/view-all', access: 'posts:own' },
  masthead: { path: '/masthead', access: 'content' },
  intro: { path: '/intro', access: 'content' },
  overviewVacancies: { path: '/overview-vacancies', access: 'vacancies' },
  viewAllVacancies: { path: '/viewall-vacancies', access: 'vacancies' },
  viewVacancy: { path: '/view-vacancy/:id?', access: 'vacancies' },
  createVacancy: { path: '/create-vacancy', access: 'vacancies' },
  editVacancy: { path: '/edit-vacancy/:id?', access: 'vacancies' },
  translateVacancy: { path: '/translate-vacancy/:id', access: 'vacancies' },
  /** The page texts (masthead, intro, privacy, confirmation) beside their translations. */
  translateTexts: { path: '/translate-texts', access: 'content' },
  settings: { path: '/settings', access: 'settings' },
  overviewMailbox: { path: '/overview-mailbox', access: 'mail' },
  newMailbox: { path: '/new-mailbox', access: 'mail' },
  editMailbox: { path: '/edit-mailbox/:id?', access: 'mail' },
  overviewProvider: { path: '/overview-provider', access: 'mail' },
  newProvider: { path: '/new-provider', access: 'mail' },
  editProvider: { path: '/edit-provider/:id?', access: 'mail' },
  mailLog: { path: '/mail-log', access: 'mail' },
  /** Every message for 'messages'; a recruiter sees the applications for a vacancy only. */
  messages: { path: '/messages', access: 'applications' },
  audit: { path: '/audit', access: 'audit' },
  /** The candidate pipeline (decision 0160): per vacancy or the pool, a board or a list (?vacancy=&view=). */
  candidates: { path: '/candidates', access: 'candidates' },
  candidate: { path: '/candidate/:id', access: 'candidates' },
  /** The candidate mail templates per kind and language. */
  candidateMails: { path: '/candidate-mails', access: 'candidates' },
} as const satisfies Record<string, SiteRoute>;

export type RouteName = keyof typeof ROUTES;

/** The names of the routes with the given access, e.g. `RouteNameFor<'public'>`. */
export type RouteNameFor<A extends RouteAccess> = {
  [K in RouteName]: (typeof ROUTES)[K]['access'] extends A ? K : never;
}[RouteName];

export const routeEntries = () => Object.entries(ROUTES) as [RouteName, SiteRoute][];

/** A concrete path: `pathTo(ROUTES.post, { id: 3 })` is '/post/3'; a missing optional part is dropped. */
export function pathTo(route: SiteRoute, params: Record<string, string | number> = {}): string {
  const path = route.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part;
      const name = part.replace(/^:|\?$/g, '');
      const value = params[name];
      if (value === undefined && !part.endsWith('?')) throw new Error(`${route.path} needs the parameter ${name}`);
      return value === undefined ? undefined : encodeURIComponent(String(value));
    })
    .filter((part) => part !== undefined)
    .join('/');
  return path || '/';
}

/**
 * The path prefix that covers a route and every value of its parameters: '/edit-post/:id?' gives
 * '/edit-post/', '/admin' itself. Used for robots.txt rules.
 */
export function pathPrefix(route: SiteRoute): string {
  const at = route.path.indexOf('/:');
  return at === -1 ? route.path : route.path.slice(0, at + 1);
}

/** The canonical path of a public post: '/post/3/readable-title'. */
export const postPath = (post: { id: number; slug: string }): string =>
  pathTo(ROUTES.post, { id: post.id, slug: post.slug });

/** The canonical path of a vacancy: '/vacancy/3/java-developer'. */
export const vacancyPath = (vacancy: { id: number; slug: string }): string =>
  pathTo(ROUTES.vacancy, { vacancyId: vacancy.id, slug: vacancy.slug });

/** The path of a tag's page: '/tag/security'. */
export const tagPath = (tag: string): string => pathTo(ROUTES.tag, { tag });
