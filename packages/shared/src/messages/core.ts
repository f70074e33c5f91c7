import type { Catalogue } from './catalogue';

/**
 * The few messages the browser app's entry needs (the API client and the public route loaders and
 * their error pages): apart from MSG, which spreads them in, so that the public pages' first-load
 * JavaScript ships these four texts and not every MSG text (the first-load budget, decision 0080).
 */
export const CORE_MSG = {
  sessionEnded: 'Your session has ended, please sign in again',
  postDetailFailed: 'Something went wrong',
  invalidPostId: 'Invalid Post ID',
  postIdMissing: 'Post ID not found in route.',
} as const satisfies Catalogue;
