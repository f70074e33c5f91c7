import { createContext, type LoaderFunctionArgs } from 'react-router';
import type { FetchApi } from '@app/shared/render';
import { runtimeConfig } from './runtime-config';
import { ApiError, NETWORK_ERROR, apiErrorFrom } from './api-error';

/**
 * Loaders run on the server during rendering and in the browser on navigation. On the server the
 * request context carries a function that calls the API in-process; in the browser it is null.
 * A router context rather than a plain object: since React Router 8 a loader's `context` is always a
 * RouterContextProvider.
 */
export const fetchApiContext = createContext<FetchApi | null>(null);

/** A loader's `context` argument. */
export type RouterContext = LoaderFunctionArgs['context'];

/**
 * GET for the public pages' loaders: the same ApiError on failure whether it runs on the server or
 * in the browser. Public reads are the same for everyone, so it sends no session: the API client
 * with its session handling (lib/api-client.ts) stays out of every public page's first load.
 */
export async function loaderGet<T>(path: string, context: RouterContext): Promise<T> {
  const server = context.get(fetchApiContext);
  if (server) {
    const { status, body } = await server(path);
    if (status >= 400) throw apiErrorFrom(status, body);
    return body as T;
  }
  return publicGet<T>(path);
}

/** GET of a public read from the browser, without a session; ApiError on failure. */
export async function publicGet<T>(path: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${runtimeConfig().apiUrl}${path}`, { headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw apiErrorFrom(res.status, body, res.statusText || undefined);
  return body as T;
}
