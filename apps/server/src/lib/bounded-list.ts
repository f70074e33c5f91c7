import { MAX_PAGE_SIZE, pageWindow, type PageQuery } from '@app/shared/schemas/paging';

/**
 * The specification's plain lists (users, providers, mailboxes, the mail log) keep their array
 * shape for the clients written against it, but never grow with their table: without `page` or
 * `pageSize` they answer the first MAX_PAGE_SIZE rows; with either, one page and the total
 * (docs/decisions/0141-every-list-paged.md, 0143-staff-lists-paged.md).
 */
export const asksForPage = (q: PageQuery): boolean => q.page !== undefined || q.pageSize !== undefined;

/** The OpenAPI description of such a list: how it is bounded and how to page through it. */
export const boundedListDescription = (rows: string, order: string): string =>
  `Without page or pageSize: an array of the first ${MAX_PAGE_SIZE} ${rows} (${order}), never more. ` +
  `With page (from 1) and/or pageSize (1 to ${MAX_PAGE_SIZE}, default 20): { items, total, page, pageSize }.`;

/**
 * Answers the bounded array or one page. `rows` reads a window in the database's order; `count`
 * counts the same rows, and is asked only for a page.
 */
export async function boundedOrPage<T>(
  q: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<T[] | { items: T[]; total: number; page: number; pageSize: number }> {
  return asksForPage(q) ? onePage(q, rows, count) : rows(MAX_PAGE_SIZE, 0);
}

/** One page of a list that has no plain form (GET /api/messages, the staff vacancy overview). */
export async function onePage<T>(
  q: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  count: () => Promise<number>,
  defaultSize?: number,
): Promise<{ items: T[]; total: number; page: number; pageSize: number }> {
  const { page, pageSize, limit, offset } = pageWindow(q, defaultSize);
  const [items, total] = await Promise.all([rows(limit, offset), count()]);
  return { items, total, page, pageSize };
}
