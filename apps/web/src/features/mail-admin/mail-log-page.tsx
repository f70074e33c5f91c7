import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { SwipeLeftIcon as SwipeLeft, DeleteIcon } from '../../ui/admin/icons';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { MSG } from '@app/shared/messages';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROUTES } from '@app/shared/routes';
import { MAIL_LOG_SORTS, type MailLog, type MailLogSort } from '@app/shared/schemas/mail';
import { MAX_PAGE_SIZE } from '@app/shared/schemas/paging';
import { PAGE_SIZES } from '../../lib/list-paging';
import { AdminPage } from '../../ui/admin/admin-page';
import { useNotify } from '../../ui/admin/notify';
import { mailLogsQuery, useDeleteMailLog } from './api/mail';
import { formatShort } from './format';

// Each column sorts ascending, then descending, then not at all.
const SORTING_ORDER = ['asc', 'desc', null] as const;

const isSortKey = (field: string): field is MailLogSort => (MAIL_LOG_SORTS as readonly string[]).includes(field);

/**
 * /mail-log: sortable, resizable columns; delete after the browser's confirmation. The server
 * sorts and pages (decision 0143); without a sort column the newest row comes first.
 */
export function MailLogPage() {
  // The grid counts pages from 0, the API from 1. 100 rows a page, as the grid showed before it paged
  // through the server.
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: MAX_PAGE_SIZE });
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const sorted = sortModel[0];
  const logs = useQuery(
    mailLogsQuery({
      page: pagination.page + 1,
      pageSize: pagination.pageSize,
      ...(sorted && isSortKey(sorted.field) && sorted.sort ? { sort: sorted.field, order: sorted.sort } : {}),
    }),
  );
  const remove = useDeleteMailLog();
  const empty = logs.data?.total === 0;
  const notify = useNotify();

  const onDelete = (log: MailLog) => {
    if (!window.confirm(MSG.mailLogConfirm)) return;
    remove.mutate(log.id, {
      onSuccess: () => notify(MSG.mailLogDeleted, 'success'),
      onError: () => notify(MSG.mailLogDeleteFailed, 'error'),
    });
  };

  const columns: GridColDef<MailLog>[] = [
    { field: 'senderFullName', headerName: 'Full Name', width: 180 },
    { field: 'senderEmail', headerName: 'Email', width: 220 },
    {
      field: 'sentTimestamp',
      headerName: 'Sent At',
      type: 'dateTime',
      width: 170,
      // Dates for the grid, shown in the short format (the server sorts them).
      valueGetter: (value: string) => (value ? new Date(value) : null),
      valueFormatter: (value: Date | null) => (value ? formatShort(value.toISOString()) : ''),
    },
    { field: 'sentToMailbox', headerName: 'Mailbox', width: 200 },
    { field: 'recipients', headerName: 'Recipients', width: 240 },
    {
      field: 'actions',
      headerName: 'Actions',
      width: 90,
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      align: 'center',
      headerAlign: 'center',
      // The action sits in a menu of its own inside the cell, as Data Grid 8's actions column had
      // it (Data Grid 9 dropped that role): the cell keeps no name of its own, so the row's name
      // cell is the only cell named after the sender, and the button is the menu item
      // "Delete log of …" (decision 0101).
      renderCell: ({ row, tabIndex }) => (
        <Box role="menu" className="MuiDataGrid-actionsCell">
          <IconButton
            role="menuitem"
            size="small"
            color="error"
            tabIndex={tabIndex}
            aria-label={`Delete log of ${row.senderFullName}`}
            onClick={() => onDelete(row)}
            disabled={remove.isPending && remove.variables === row.id}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Box>
      ),
    },
  ];

  return (
    <AdminPage
      toolbarTitle="Mailbox Log"
      heading="Log of mails"
      links={[{ label: 'Back to Overview Mailbox', to: ROUTES.overviewMailbox.path }]}
      maxWidth="xl"
    >
      {logs.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {MSG.mailLogsFetchFailed}
        </Alert>
      )}
      {empty ? (
        // No rows: a sentence in place of a grid of empty space with a small line in its middle.
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="h6" component="p">
            {MSG.noRecords}
          </Typography>
          <Typography color="text.secondary">{BACK_OFFICE_MSG.mailLogEmptyHint}</Typography>
        </Paper>
      ) : (
        <>
          {/* Six columns do not fit a phone or a narrow tablet: the grid scrolls sideways, and says so. */}
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: { xs: 'flex', lg: 'none' }, alignItems: 'center', gap: 1, mb: 1 }}
          >
            <SwipeLeft fontSize="small" aria-hidden />
            {BACK_OFFICE_MSG.tableScrollsSideways}
          </Typography>
          <Box sx={{ height: 'min(70vh, 720px)', minHeight: 360, width: '100%' }}>
            <DataGrid
              rows={logs.data?.items ?? []}
              rowCount={logs.data?.total ?? 0}
              columns={columns}
              loading={logs.isPending}
              sortingOrder={[...SORTING_ORDER]}
              sortingMode="server"
              sortModel={sortModel}
              onSortModelChange={(model) => {
                setSortModel(model);
                // Another order starts again from its first page.
                setPagination((p) => ({ ...p, page: 0 }));
              }}
              paginationMode="server"
              paginationModel={pagination}
              onPaginationModelChange={setPagination}
              pageSizeOptions={PAGE_SIZES}
              disableRowSelectionOnClick
              localeText={{ noRowsLabel: MSG.noRecords }}
              aria-label="Log of mails"
            />
          </Box>
        </>
      )}
    </AdminPage>
  );
}
