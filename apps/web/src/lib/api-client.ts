import { ROUTES } from '@app/shared/routes';
import { runtimeConfig } from './runtime-config';
import { CORE_MSG } from '@app/shared/messages/core';
import { clearSession, sessionToken } from './session';
import { ApiError, NETWORK_ERROR, apiErrorFrom } from './api-error';

export { ApiError };

/**
 * What the server said about a refused request, worth showing instead of a generic text: a field
 * message where there is one, else the message. Undefined for a network failure and for a plain
 * 500, whose text says nothing the page's own message does not.
 */
export function serverReason(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status < 400 || err.status === 500) return undefined;
  return err.errors?.[0]?.message ?? (err.message || undefined);
}

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Where a 401 sends the user: the current page comes back as the returnUrl after sign-in. */
export const loginUrlFor = (returnUrl: string) => `${ROUTES.login.path}?returnUrl=${encodeURIComponent(returnUrl)}`;

/** How the back office moves to the login page (its router's navigate); a full load without it. */
type SessionEndedHandler = (loginUrl: string, notice: string) => void;
let onSessionEnded: SessionEndedHandler | undefined;

/** The back-office layout hands its router here, so a 401 is a client-side move with a notice. */
export function handleSessionEnded(handler: SessionEndedHandler | undefined): void {
  onSessionEnded = handler;
}

/**
 * The one place that reacts to a refused token (expired, revoked by a password change or a sign
 * out elsewhere): the stored session goes, the user is told why and sent to sign in again, back to
 * where they were afterwards. Every screen's own error text is then moot.
 */
export function endSession(notice: string = CORE_MSG.sessionEnded): void {
  clearSession();
  const here = `${window.location.pathname}${window.location.search}`;
  const to = loginUrlFor(here);
  if (onSessionEnded) onSessionEnded(to, notice);
  else window.location.assign(to);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The request ends the session itself (Log Out): a 401 means it had ended already, which is
   * not news to report with a move to the login page.
   */
  endsSession?: boolean;
  /**
   * The page's language tag, sent as `Accept-Language`: the API answers its messages in it. English
   * unless given (the back office is English), never the browser's own preference (decision 0144).
   */
  language?: string;
}

/** The browser's API client: bearer token when signed in, the XSRF header on changes. */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, signal, endsSession = false, language = 'en' }: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': language };
  const token = sessionToken();
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (method !== 'GET') {
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`${runtimeConfig().apiUrl}${path}`, {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    // Only a request that carried the token says the session ended (a refused sign-in is a 401
    // too), and only if that token is still the stored one: a late answer to a call made before
    // the session was already ended must not end it a second time.
    if (res.status === 401 && token && sessionToken() === token && !endsSession) endSession();
    throw apiErrorFrom(res.status, data, res.statusText || undefined);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
