import { z } from 'zod';
import { MSG } from '../messages/index';

/**
 * Paging for every list the API answers (docs/decisions/0141-every-list-paged.md): a page number
 * from 1 and a page size from 1 to MAX_PAGE_SIZE. The database sorts, filters and cuts the page;
 * `total` says how many match in all, so a screen can show its paging controls.
 */
export const MAX_PAGE_SIZE = 100;
/** What a back-office list shows per page when the client does not say. */
export const DEFAULT_PAGE_SIZE = 20;

const pageNumber = z.coerce
  .number(MSG.postPageInvalid)
  .int(MSG.postPageInvalid)
  .min(1, MSG.postPageInvalid)
  .max(1_000_000, MSG.postPageInvalid);
const pageSize = z.coerce
  .number(MSG.postPageSizeInvalid)
  .int(MSG.postPageSizeInvalid)
  .min(1, MSG.postPageSizeInvalid)
  .max(MAX_PAGE_SIZE, MSG.postPageSizeInvalid);

/** `?page=&pageSize=`, both optional: extend it with a list's own filters and sort. */
export const pageQuery = z.object({ page: pageNumber.optional(), pageSize: pageSize.optional() });
export type PageQuery = z.output<typeof pageQuery>;

/** One page of a list: the items, how many match in all, and the page asked for. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** The rows to skip and take for a page (defaults: the first page of DEFAULT_PAGE_SIZE). */
export const pageWindow = (query: PageQuery, defaultSize = DEFAULT_PAGE_SIZE) => {
  const page = query.page ?? 1;
  const size = query.pageSize ?? defaultSize;
  return { page, pageSize: size, limit: size, offset: (page - 1) * size };
};
