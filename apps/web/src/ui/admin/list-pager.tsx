import { useEffect } from 'react';
import TablePagination from '@mui/material/TablePagination';
import { PAGE_SIZES, type Paging } from '../../lib/list-paging';

/**
 * The paging controls under a list of cards or a table: MUI's buttons and select, reached with Tab
 * and worked with Enter or Space. A page that no longer exists (its last rows were deleted) moves
 * to the last one that does.
 */
export function ListPager({
  total,
  paging,
  onChange,
  label,
}: {
  total: number;
  paging: Paging;
  onChange: (paging: Paging) => void;
  label: string;
}) {
  const last = Math.max(1, Math.ceil(total / paging.pageSize));
  useEffect(() => {
    if (paging.page > last) onChange({ ...paging, page: last });
  }, [last, paging, onChange]);
  return (
    <TablePagination
      component="div"
      aria-label={label}
      count={total}
      page={Math.min(paging.page, last) - 1}
      rowsPerPage={paging.pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      labelRowsPerPage="Per page:"
      // A new item of an oldest-first list is on its last page: one step there, and back.
      showFirstButton
      showLastButton
      // On a phone the size select, the range and four buttons do not fit one row: they wrap
      // instead of pushing the last button out of sight.
      sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: 0.5 } }}
      onPageChange={(_e, page) => onChange({ ...paging, page: page + 1 })}
      onRowsPerPageChange={(e) => onChange({ page: 1, pageSize: Number(e.target.value) })}
    />
  );
}
