import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MSG } from '@app/shared/messages';
import { parseId } from '@app/shared/ids';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { formatMediumDate } from '../../ui/public/format';
import { vacancyPath, ROUTES, pathTo } from '@app/shared/routes';
import { CAREER_TILES, vacancyFacts, vacancyIsOpen } from '@app/shared/vacancy-facts';
import type { Vacancy } from '@app/shared/schemas/vacancies';
import { useNotify } from '../../ui/admin/notify';
import { useReopenVacancy, vacancyQuery } from './api/vacancies';
import { serviceMessage, vacancyStatusText, vacancyText } from './messages';

const SECTIONS = [
  ['expectation', 'Expectations'],
  ['function', 'Function'],
  ['description', 'Description'],
  ['offer', 'Offer'],
] as const;

/** /view-vacancy/{id}. */
export function ViewVacancyPage() {
  const raw = useParams().id;
  const id = parseId(raw);
  const vacancy = useQuery({ ...vacancyQuery(id ?? 0), enabled: id !== undefined });
  const v = vacancy.data;

  return (
    <AdminPage
      toolbarTitle="Vacancy Management"
      heading={v?.title ?? 'View Vacancy'}
      links={[{ label: 'Back to Overview', to: ROUTES.overviewVacancies.path }]}
      maxWidth="md"
    >
      {!raw && <Alert severity="error">{MSG.vacancyIdMissing}</Alert>}
      {raw && id === undefined && <Alert severity="error">{MSG.invalidVacancyIdView}</Alert>}
      {id !== undefined && vacancy.isPending && <Loading label="Loading vacancy..." />}
      {/* Spec section 8: one text whether the vacancy is missing or the request failed. */}
      {vacancy.isError && <Alert severity="error">{MSG.vacancyViewFailed}</Alert>}
      {v && (
        <Box component="article">
          <Typography color="text.secondary" gutterBottom>
            Posted By: {v.postedBy} | Posted On: {formatMediumDate(v.date)}
          </Typography>
          <Typography gutterBottom data-testid="vacancy-status">
            {vacancyStatusText(v)} · {vacancyFacts(v)}
          </Typography>
          <Typography gutterBottom>
            Public page: <RouterLink to={vacancyPath(v)}>{vacancyPath(v)}</RouterLink>
          </Typography>
          <Typography gutterBottom>Home page tile: {v.homeTile ? CAREER_TILES[v.homeTile] : 'None'}</Typography>
          {!vacancyIsOpen(v) && <Reopen vacancy={v} />}
          {SECTIONS.map(([key, label]) => (
            <Box component="section" key={key} sx={{ mt: 3 }}>
              <Typography variant="h6" component="h2">
                {label}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{v[key]}</Typography>
            </Box>
          ))}
          {v.tags.length > 0 && (
            <Box
              component="ul"
              aria-label="Tags"
              sx={{ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, mt: 3 }}
            >
              {v.tags.map((t) => (
                <li key={t}>
                  <Chip label={t} />
                </li>
              ))}
            </Box>
          )}
          <Button
            variant="contained"
            component={RouterLink}
            to={pathTo(ROUTES.editVacancy, { id: v.id })}
            sx={{ mt: 3 }}
          >
            Edit Vacancy
          </Button>
        </Box>
      )}
    </AdminPage>
  );
}

/** Opens a closed or expired vacancy again: status open, a passed closing date cleared. */
function Reopen({ vacancy }: { vacancy: Vacancy }) {
  const reopen = useReopenVacancy(vacancy.id);
  const notify = useNotify();
  const [failure, setFailure] = useState<string>();
  const onReopen = () => {
    setFailure(undefined);
    reopen.mutate(vacancy.version, {
      onSuccess: () => notify(vacancyText.reopened),
      onError: (err) => setFailure(vacancyText.updateFailed(serviceMessage(err))),
    });
  };
  return (
    <Box sx={{ my: 2 }}>
      <Button variant="outlined" onClick={onReopen} disabled={reopen.isPending}>
        Reopen Vacancy
      </Button>
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
