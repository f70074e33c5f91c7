import type { IncomingMessage } from 'node:http';
import { APP_TITLE_SUFFIX } from '@app/shared/constants';
import { SERVER_MSG } from '@app/shared/messages/server';

/** The router's answer to an address it cannot decode (`/tag/%E0%A4%A`), before any route runs. */
export const INVALID_ADDRESS = SERVER_MSG.invalidAddress;

/**
 * A page request from a browser: not under /api and accepting HTML. A visitor who followed a
 * mangled link gets a page with a way back, not the API's JSON.
 */
export const wantsPage = (req: IncomingMessage): boolean =>
  !(req.url ?? '').startsWith('/api/') && String(req.headers.accept ?? '').includes('text/html');

/**
 * Self-contained: no script, no stylesheet of the build (this answer comes before the web app is
 * consulted), an inline style the CSP allows, and noindex.
 */
export const INVALID_ADDRESS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Address not valid | Redwall ${APP_TITLE_SUFFIX}</title>
</head>
<body style="margin:0 auto;max-width:40rem;padding:4rem 1.25rem;font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">
<h1>This address is not valid</h1>
<p>${INVALID_ADDRESS} Check the link, or start again from the home page.</p>
<p><a href="/" style="color:#b71f1d">Back to the home page</a></p>
</body>
</html>
`;
