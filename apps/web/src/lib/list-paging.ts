import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@app/shared/schemas/paging';

/** Which page of a staff list a screen shows (docs/decisions/0143-staff-lists-paged.md). */
export interface Paging {
  page: number;
  pageSize: number;
}
export const FIRST_PAGE: Paging = { page: 1, pageSize: DEFAULT_PAGE_SIZE };
/**
 * Cards (users, providers, mailboxes) start at 50 a page: a site's few accounts and mail settings
 * stay on one page, and a page stays bounded all the same.
 */
export const FIRST_CARD_PAGE: Paging = { page: 1, pageSize: 50 };
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, MAX_PAGE_SIZE];

/** A page size from the address, or the default when it is not one the lists offer. */
export const pageSizeFromAddress = (raw: string | null, fallback = DEFAULT_PAGE_SIZE): number =>
  PAGE_SIZES.find((n) => String(n) === raw) ?? fallback;

/** A page number from the address: a whole number from 1, else the first page. */
export const pageFromAddress = (raw: string | null): number => {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** `page=…&pageSize=…` for a list's GET. */
export const pagingParams = (p: Paging) => `page=${p.page}&pageSize=${p.pageSize}`;

interface Page<T> {
  items: T[];
  total: number;
}

/** A cached page without the rows `gone` picks (a delete shows at once, before the refetch). */
export const withoutItems = <T, P extends Page<T>>(page: P | undefined, gone: (item: T) => boolean): P | undefined => {
  if (!page) return page;
  const items = page.items.filter((item) => !gone(item));
  return { ...page, items, total: page.total - (page.items.length - items.length) };
};
