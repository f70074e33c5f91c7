import TablePagination from '@mui/material/TablePagination';
import { DEFAULT_PAGE_SIZE } from '@app/shared/schemas/paging';

/** The page sizes a card list offers: the back-office default and up to the API's maximum. */
export const CARD_PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, 100] as const;

/** A page size from the address, or the default when it is not one the list offers. */
export const cardPageSize = (raw: string | null): number =>
  CARD_PAGE_SIZES.find((n) => String(n) === raw) ?? DEFAULT_PAGE_SIZE;

/** A page number from the address: a whole number from 1, else the first page. */
export const cardPage = (raw: string | null): number => {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * The paging controls under a list of cards, as the audit table has them (decision 0141): MUI's
 * buttons, each a labelled button reached with Tab. Pages count from 1 here, from 0 in MUI.
 */
export function CardPages({
  total,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page - 1, Math.max(0, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...CARD_PAGE_SIZES]}
      labelRowsPerPage="Per page:"
      onPageChange={(_e, n) => onPage(n + 1)}
      onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
    />
  );
}
