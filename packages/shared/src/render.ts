import type { RuntimeConfig } from './runtime-config';

/**
 * The contract between the server and the web app's server entry (`render` in the web app's
 * entry-server bundle): what the server passes in and what it gets back. Public pages are rendered
 * to HTML, back-office pages answered with the bare app shell
 * (docs/decisions/0003-rendering-model.md).
 */

/** GET {apiUrl}{path} answered inside the server process: route loaders call the API through it. */
export type FetchApi = (
  path: string,
  /** Request headers: the page's language as `Accept-Language` (decision 0144). */
  headers?: Record<string, string>,
) => Promise<{ status: number; body: unknown }>;

export interface RenderInput {
  request: Request;
  config: RuntimeConfig;
  fetchApi: FetchApi;
}

export type RenderResult = (
  | /** A back-office page: the HTML shell with `head`, rendered in the browser. */
    { kind: 'shell'; status: number; head: string }
  | { kind: 'redirect'; status: number; location: string }
  /**
   * A public page: `head` goes into <head>, `html` into the root element. `canonical` is the path
   * (and query) of its canonical address, as its `<link rel="canonical">` says, when it has one.
   */
  | {
      kind: 'page';
      status: number;
      head: string;
      html: string;
      canonical?: string | undefined;
      /** The page's BCP 47 language tag, for `<html lang>`. */
      lang: string;
    }
) & {
  /**
   * The route table's pattern that matched (`/post/:id/:slug?`, `/*` for the not-found page): the
   * server's metrics label pages with it rather than with the raw address.
   */
  route: string;
};

export type Render = (input: RenderInput) => Promise<RenderResult>;

/** What the built server entry exports. */
export interface RenderModule {
  render: Render;
  /**
   * Whether only the catch-all route matches the path: the not-found page it renders is then the
   * same for every such path, so the server renders it once for all of them.
   */
  isUnknownPath: (pathname: string) => boolean;
}
