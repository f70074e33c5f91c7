import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a server render's in-process API call carries: this process's key and the page's request id. */
export const RENDER_CALL_HEADER = 'x-render-call';

/**
 * Marks the API calls a server render makes in-process (app.inject from plugins/web.ts), so that
 * their log lines carry the page request's id (`parentReqId`) and the metrics leave them out of
 * the API's traffic. The mark holds a random key of this process: a header sent from outside
 * cannot pass for one. docs/decisions/0115-one-story-per-page-view.md
 */
export function renderCalls() {
  const key = crypto.randomBytes(18).toString('base64url');
  return {
    /** The headers of a render's API call for the page request `parentReqId`. */
    headersFor: (parentReqId: string) => ({ [RENDER_CALL_HEADER]: `${key} ${parentReqId}` }),
    /** The page request's id when this request is a render's API call, else undefined. */
    parentOf(req: IncomingMessage): string | undefined {
      const value = req.headers[RENDER_CALL_HEADER];
      if (typeof value !== 'string' || !value.startsWith(`${key} `)) return undefined;
      return value.slice(key.length + 1);
    },
  };
}

export type RenderCalls = ReturnType<typeof renderCalls>;
