import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_AREAS, AUDIT_PAGE_SIZE } from '@app/shared/audit-areas';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import type { AuditEntry } from '@app/shared/schemas/audit';
import { COMPANY_TIME_ZONE } from '../../lib/dates';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { ScrollRegion } from '../../ui/admin/scroll-region';
import { auditQuery, staffQuery, type AuditFilters } from './api/audit';

/** To the second, in Brussels time like every other date in the back office (not the browser's zone). */
const exact = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: COMPANY_TIME_ZONE,
});
const when = (iso: string) => exact.format(new Date(iso));

/** `{ field: { from, to } }` as "field: from → to", one line per field. */
function Changes({ changes }: { changes: AuditEntry['changes'] }): ReactNode {
  if (!changes) return null;
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return (
    <Stack component="ul" sx={{ m: 0, pl: 2 }}>
      {Object.entries(changes).map(([field, change]) => {
        const c = (change ?? {}) as { from?: unknown; to?: unknown; changed?: boolean };
        const text = c.changed ? 'changed' : 'from' in c ? `${show(c.from)} → ${show(c.to)}` : show(c.to);
        return (
          <li key={field}>
            <strong>{field}</strong>: {text}
          </li>
        );
      })}
    </Stack>
  );
}

/**
 * /audit: who changed what, when and from where, newest first (docs/behaviour/audit-and-privacy.md).
 * The trail is read-only: nothing on this screen or in the API changes it.
 */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({ page: 1, pageSize: AUDIT_PAGE_SIZE });
  const audit = useQuery(auditQuery(filters));
  const staff = useQuery(staffQuery);
  // Any new filter starts again from the first page.
  const filter = (change: Partial<AuditFilters>) => setFilters((f) => ({ ...f, ...change, page: 1 }));

  return (
    <AdminPage
      toolbarTitle="Audit"
      heading="Audit trail"
      links={[{ label: 'Back to Dashboard', to: ROUTES.admin.path }]}
      maxWidth="xl"
    >
      <Stack
        direction="row"
        spacing={2}
        // Gaps, not margins: wrapped onto a second line, a field starts at the left edge.
        useFlexGap
        sx={{ my: 2, flexWrap: 'wrap' }}
        component="form"
        aria-label="Audit filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          select
          size="small"
          id="audit-person"
          label="Person"
          value={filters.userId ?? ''}
          onChange={(e) => filter({ userId: e.target.value === '' ? undefined : Number(e.target.value) })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Everyone</MenuItem>
          {(staff.data ?? []).map((u) => (
            <MenuItem key={u.userId} value={u.userId}>
              {u.email}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          id="audit-area"
          label="Area"
          value={filters.area ?? ''}
          onChange={(e) => filter({ area: e.target.value || undefined })}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All areas</MenuItem>
          {AUDIT_AREAS.map((a) => (
            <MenuItem key={a} value={a}>
              {a}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          id="audit-action"
          label="Action"
          value={filters.action ?? ''}
          onChange={(e) => filter({ action: e.target.value.trim() || undefined })}
          helperText="e.g. create, update, delete, sign-in, sign-in-failed"
        />
        <TextField
          size="small"
          id="audit-from"
          label="From"
          type="date"
          value={filters.from ?? ''}
          onChange={(e) => filter({ from: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          id="audit-to"
          label="To"
          type="date"
          value={filters.to ?? ''}
          onChange={(e) => filter({ to: e.target.value || undefined })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {audit.isPending && <Loading label="Loading the audit trail..." />}
      {audit.isError && <Alert severity="error">{audit.error.message}</Alert>}
      {audit.data?.total === 0 && <Typography>{MSG.noRecords}</Typography>}
      {audit.data && audit.data.total > 0 && (
        <Paper variant="outlined">
          {/* Seven columns do not fit a phone or a tablet: the table scrolls sideways in its own
              region, each word whole (every column but the changes on one line). */}
          <ScrollRegion label="Audit trail">
            {/* Once it has to scroll, at a width each column reads well at, not squeezed to its
                longest word (which left the changes a narrow column many lines tall). */}
            <Table
              size="small"
              aria-label="Audit trail"
              sx={{ minWidth: 1100, '& td, & th': { verticalAlign: 'top' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>Address</TableCell>
                  <TableCell>Area</TableCell>
                  <TableCell>Action</TableCell>
                  <TableCell>Record</TableCell>
                  <TableCell>Changes</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {audit.data.items.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.at)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {row.email ?? (row.userId === null ? 'system' : `#${row.userId}`)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.address ?? ''}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.area}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.action}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.recordId ?? ''}</TableCell>
                    {/* break-word, not break-all: only a word longer than the whole cell is split. */}
                    <TableCell sx={{ minWidth: 280, maxWidth: 480, overflowWrap: 'break-word' }}>
                      <Changes changes={row.changes} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
          <TablePagination
            component="div"
            count={audit.data.total}
            page={filters.page - 1}
            rowsPerPage={filters.pageSize}
            rowsPerPageOptions={[25, 50, 100]}
            onPageChange={(_e, page) => setFilters((f) => ({ ...f, page: page + 1 }))}
            onRowsPerPageChange={(e) => filter({ pageSize: Number(e.target.value) })}
          />
        </Paper>
      )}
    </AdminPage>
  );
}
