/**
 * The paths of the API's routes below /api that public pages call or that stand alone (health),
 * each written once: the server registers its routes at these and the web calls them. Staff-only
 * paths are in api-paths-staff.ts, so that they stay out of the public pages' first-load JavaScript.
 */
export const API = {
  health: '/health',
  healthLive: '/health/live',
  healthReady: '/health/ready',
  login: '/login',
  loginTwoFactor: '/login/2fa',
  logout: '/logout',
  authorized: '/authorized',
  /** Forgotten password: ask for a link, whether mail can be sent at all, and set the new password with the link's token. */
  passwordResetRequest: '/password-reset/request',
  passwordResetAvailable: '/password-reset/available',
  passwordReset: '/password-reset',
  /** An invited person chooses their password with the token of the link in their invitation. */
  invitationAccept: '/invitations/accept',
  captchaChallenge: '/captcha/challenge',
  contact: '/contact',
  /** The specification's path for the contact form: an alias of `contact`, deprecated in the API documentation. */
  contactSpecAlias: '/mail',
  settings: '/settings',
  masthead: '/masthead',
  intro: '/intro',
  posts: '/posts',
  post: '/posts/:id',
  postSearch: '/posts/search/:name',
  postLikes: '/posts/likes',
  postLike: '/posts/:id/like',
  vacancies: '/vacancy',
  vacancy: '/vacancy/:id',
} as const;

/** The names of a path's `:name` parameters: 'id' for '/posts/:id/like'. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A concrete path from a table's: `apiPath(API.postLike, { id: 3 })` is '/posts/3/like'. */
export function apiPath<P extends string>(path: P, params: Record<ParamsOf<P>, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}
