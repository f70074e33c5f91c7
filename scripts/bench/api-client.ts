/**
 * The API calls the load scripts make to set up what they measure (`npm run bench:mixed`,
 * `npm run bench:scale`): JSON, with the XSRF cookie and header the server asks of every change and,
 * once signed in, the staff token.
 */

/** One call to the server at `base`; throws with the status and body unless it answers 2xx. */
export async function apiCall<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      cookie: 'XSRF-TOKEN=bench',
      'x-xsrf-token': 'bench',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** Signs in with a password and answers the staff token. */
export const signIn = async (base: string, email: string, password: string): Promise<string> =>
  (await apiCall<{ user: { token: string } }>(base, 'POST', '/api/login', undefined, { username: email, password }))
    .user.token;
