import type { Catalogue } from './catalogue';

/**
 * The API client's own texts (apps/web/src/lib/api-error.ts): no answer at all, and a refusal
 * without a message. Every page's entry loads them, so they are a file of their own that the
 * bundler keeps beside the client rather than pulling another catalogue file into the entry.
 */
export const CLIENT_MSG = {
  networkError: 'Network error. Please try again later.',
  requestFailed: 'Request failed',
} as const satisfies Catalogue;
