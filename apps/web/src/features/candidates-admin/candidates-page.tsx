import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { LOCALE_TABLE } from '@app/shared/locales';
import { ROUTES } from '@app/shared/routes';
import { STAGE_LABELS, type CandidateSummary, type PipelineVacancy } from '@app/shared/schemas/candidates';
import { Link as RouterLink } from '../../lib/link';
import { formatDate } from '../../lib/dates';
import { FIRST_PAGE, type Paging } from '../../lib/list-paging';
import { AdminPage } from '../../ui/admin/admin-page';
import { ListPager } from '../../ui/admin/list-pager';
import { Loading } from '../../ui/admin/loading';
import {
  boardQuery,
  candidateListQuery,
  candidatePath,
  pipelineVacanciesQuery,
  type ListParams,
  type VacancyKey,
} from './pipeline-api';
import { StageMenu } from './stage-menu';

/** The toolbar's links: the dashboard, the vacancies, the mail templates (each only if the role may open it). */
const PIPELINE_LINKS = [
  { label: 'Dashboard', to: ROUTES.admin.path },
  { label: 'Vacancies', to: ROUTES.overviewVacancies.path },
  { label: 'Candidate mails', to: ROUTES.candidateMails.path },
];
const EMPTY = 'No candidates yet for this vacancy.';
const LOAD_FAILED = 'The candidates could not be loaded. Try again in a moment.';

/** `?vacancy=` as the API names it: a vacancy id or 'pool'; null when absent or not one. */
const vacancyFrom = (raw: string | null): VacancyKey | null =>
  raw === 'pool' ? 'pool' : raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
const keyOf = (v: PipelineVacancy): VacancyKey => v.vacancyId ?? 'pool';

/**
 * /candidates (decision 0160): the pipeline of one vacancy or the general pool, as a board with a
 * column per stage (each card moved with its "Move to…" menu) or as a sortable, paged list.
 */
export function CandidatesPage() {
  const [params, setParams] = useSearchParams();
  const vacancies = useQuery(pipelineVacanciesQuery);
  const asked = vacancyFrom(params.get('vacancy'));
  // Without a choice in the address: the first vacancy that has candidates, else the first listed.
  const fallback = vacancies.data ? keyOf(vacancies.data.find((v) => v.total > 0) ?? vacancies.data[0]!) : null;
  const vacancy = asked ?? fallback;
  const view = params.get('view') === 'list' ? 'list' : 'board';
  const current = vacancies.data?.find((v) => keyOf(v) === vacancy);

  const choose = (next: { vacancy?: VacancyKey; view?: 'board' | 'list' }) => {
    const q = new URLSearchParams(params);
    if (next.vacancy !== undefined) q.set('vacancy', String(next.vacancy));
    if (next.view) {
      if (next.view === 'list') q.set('view', 'list');
      else q.delete('view');
    }
    setParams(q);
  };

  return (
    <AdminPage toolbarTitle="Candidates" heading="Candidates" links={PIPELINE_LINKS} maxWidth="xl">
      {vacancies.isPending && <Loading label="Loading vacancies..." />}
      {vacancies.isError && <Alert severity="error">{LOAD_FAILED}</Alert>}
      {vacancies.data && vacancy !== null && (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mb: 3, alignItems: { sm: 'center' } }}
            useFlexGap
          >
            <TextField
              select
              size="small"
              id="pipeline-vacancy"
              label="Vacancy"
              value={String(vacancy)}
              onChange={(e) => choose({ vacancy: vacancyFrom(e.target.value) ?? 'pool' })}
              sx={{ minWidth: { sm: 360 } }}
            >
              {vacancies.data.map((v) => (
                <MenuItem key={String(keyOf(v))} value={String(keyOf(v))}>
                  {v.title}
                  {v.status === 'closed' ? ' (closed)' : ''} · {v.total}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={view}
              aria-label="View"
              onChange={(_e, v: 'board' | 'list' | null) => v && choose({ view: v })}
            >
              <ToggleButton value="board">Board</ToggleButton>
              <ToggleButton value="list">List</ToggleButton>
            </ToggleButtonGroup>
            {typeof vacancy === 'number' && (
              <Link component={RouterLink} to={ROUTES.overviewVacancies.path}>
                Vacancies
              </Link>
            )}
          </Stack>
          {current && current.total === 0 ? (
            <Typography>{EMPTY}</Typography>
          ) : view === 'board' ? (
            <Board vacancy={vacancy} />
          ) : (
            <CandidateList key={String(vacancy)} vacancy={vacancy} />
          )}
        </>
      )}
    </AdminPage>
  );
}

/** A column per stage, side by side; on a narrow screen the row scrolls sideways, a column at a time. */
function Board({ vacancy }: { vacancy: VacancyKey }) {
  const board = useQuery(boardQuery(vacancy));
  if (board.isPending) return <Loading label="Loading candidates..." />;
  if (board.isError) return <Alert severity="error">{LOAD_FAILED}</Alert>;
  if (board.data.columns.every((c) => c.count === 0)) return <Typography>{EMPTY}</Typography>;
  return (
    <Box
      role="region"
      aria-label="Board"
      tabIndex={0}
      sx={{
        display: 'flex',
        gap: 2,
        overflowX: 'auto',
        pb: 2,
        scrollSnapType: 'x mandatory',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {board.data.columns.map((col) => (
        <Paper
          key={col.stage}
          component="section"
          variant="outlined"
          aria-label={`${STAGE_LABELS[col.stage]}: ${col.count}`}
          sx={{
            flex: '0 0 auto',
            width: { xs: '85vw', sm: 260 },
            p: 1.5,
            bgcolor: 'grey.50',
            scrollSnapAlign: 'start',
          }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {STAGE_LABELS[col.stage]} <Chip component="span" size="small" label={col.count} />
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {col.items.map((c) => (
              <CandidateCard key={c.id} candidate={c} />
            ))}
          </Stack>
          {col.count > col.items.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {col.count - col.items.length} more in the list view.
            </Typography>
          )}
        </Paper>
      ))}
    </Box>
  );
}

function CandidateCard({ candidate: c }: { candidate: CandidateSummary }) {
  return (
    <Paper component="li" variant="outlined" aria-label={c.fullName} sx={{ p: 1.5 }}>
      <Link component={RouterLink} to={candidatePath(c.id)} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {c.fullName}
      </Link>
      <Typography variant="body2" color="text.secondary">
        Applied {formatDate(c.appliedAt)} · {LOCALE_TABLE[c.language].name}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <StageMenu candidate={c} />
        {c.waiting && <Chip size="small" color="warning" label="Waiting for an answer" />}
      </Stack>
    </Paper>
  );
}

type SortKey = ListParams['sort'];
const COLUMNS: { key: SortKey | null; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'applied', label: 'Applied' },
  { key: 'stage', label: 'Stage' },
  { key: 'waiting', label: 'Answer' },
  { key: null, label: 'Language' },
  { key: null, label: 'Move' },
];

/** The same candidates as a table, sorted and paged by the server. */
function CandidateList({ vacancy }: { vacancy: VacancyKey }) {
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const [sort, setSort] = useState<{ sort: SortKey; direction: 'asc' | 'desc' }>({
    sort: 'applied',
    direction: 'desc',
  });
  const list = useQuery(candidateListQuery({ vacancy, ...paging, ...sort }));
  const sortBy = (key: SortKey) => {
    setSort((s) => ({ sort: key, direction: s.sort === key && s.direction === 'asc' ? 'desc' : 'asc' }));
    setPaging((p) => ({ ...p, page: 1 }));
  };
  if (list.isPending) return <Loading label="Loading candidates..." />;
  if (list.isError) return <Alert severity="error">{LOAD_FAILED}</Alert>;
  if (list.data.total === 0) return <Typography>{EMPTY}</Typography>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Candidates">
          <TableHead>
            <TableRow>
              {COLUMNS.map((col) => (
                <TableCell key={col.label} sortDirection={col.key && sort.sort === col.key ? sort.direction : false}>
                  {col.key ? (
                    <TableSortLabel
                      active={sort.sort === col.key}
                      direction={sort.sort === col.key ? sort.direction : 'asc'}
                      onClick={() => sortBy(col.key!)}
                    >
                      {col.label}
                    </TableSortLabel>
                  ) : (
                    col.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.items.map((c) => (
              <TableRow key={c.id}>
                <TableCell>
                  <Link component={RouterLink} to={candidatePath(c.id)}>
                    {c.fullName}
                  </Link>
                  {c.otherApplications > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      {c.otherApplications} other application{c.otherApplications === 1 ? '' : 's'}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{formatDate(c.appliedAt)}</TableCell>
                <TableCell>{STAGE_LABELS[c.stage]}</TableCell>
                <TableCell>{c.waiting ? <Chip size="small" color="warning" label="Waiting" /> : 'Answered'}</TableCell>
                <TableCell>{LOCALE_TABLE[c.language].name}</TableCell>
                <TableCell>
                  <StageMenu candidate={c} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPager total={list.data.total} paging={paging} onChange={setPaging} label="Candidates pages" />
    </>
  );
}
