import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { ROUTES, pathTo } from '@app/shared/routes';
import { CANDIDATE_STAGES, STAGE_LABELS } from '@app/shared/schemas/candidates';
import { UPCOMING_INTERVIEW_DAYS, WAITING_DAYS, type RecruitingDashboard } from '@app/shared/schemas/dashboard';
import { Link as RouterLink } from '../../lib/link';
import { formatDate } from '../../lib/dates';
import { Loading } from '../../ui/admin/loading';
import { recruitingQuery } from './api/dashboard';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const pipelineOf = (vacancyId: number | null) =>
  `${ROUTES.candidates.path}?vacancy=${vacancyId === null ? 'pool' : vacancyId}`;
const candidatePage = (id: number) => pathTo(ROUTES.candidate, { id });

/**
 * The recruiting part of /admin (decision 0160), for staff holding `candidates`: the open vacancies
 * with their candidates per stage, who waits for an answer, the coming interviews, time to hire.
 */
export function RecruitingSection() {
  const recruiting = useQuery(recruitingQuery);
  return (
    <Box component="section" aria-labelledby="recruiting" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id="recruiting" gutterBottom>
        Recruiting
      </Typography>
      {recruiting.isPending && <Loading label="Loading the recruiting overview..." />}
      {recruiting.isError && <Alert severity="error">The recruiting overview could not be loaded.</Alert>}
      {recruiting.data && <Recruiting data={recruiting.data} />}
    </Box>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <Typography color="text.secondary">{children}</Typography>;
const List = ({ children }: { children: ReactNode }) => (
  <Box component="ul" sx={{ pl: 3, m: 0, display: 'grid', gap: 0.5 }}>
    {children}
  </Box>
);
const Aside = ({ children }: { children: ReactNode }) => (
  <Typography component="span" variant="body2" color="text.secondary">
    {children}
  </Typography>
);

function Recruiting({ data }: { data: RecruitingDashboard }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Open vacancies">
          {data.openVacancies.length === 0 ? (
            <Empty>No open vacancies.</Empty>
          ) : (
            <List>
              {data.openVacancies.map((v) => (
                <li key={v.vacancyId}>
                  <Link component={RouterLink} to={pipelineOf(v.vacancyId)}>
                    {v.title}
                  </Link>{' '}
                  <Aside>
                    {v.total === 0
                      ? 'no candidates yet'
                      : CANDIDATE_STAGES.filter((s) => v.counts[s])
                          .map((s) => `${STAGE_LABELS[s]} ${v.counts[s]}`)
                          .join(' · ')}
                  </Aside>
                </li>
              ))}
            </List>
          )}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Waiting for an answer">
          {data.waitingTotal === 0 ? (
            <Empty>Nobody has waited more than {plural(WAITING_DAYS, 'day', 'days')} for an answer.</Empty>
          ) : (
            <>
              <Typography gutterBottom>
                {plural(data.waitingTotal, 'candidate has', 'candidates have')} waited more than{' '}
                {plural(WAITING_DAYS, 'day', 'days')}:
              </Typography>
              <List>
                {data.waiting.map((w) => (
                  <li key={w.candidateId}>
                    <Link component={RouterLink} to={candidatePage(w.candidateId)}>
                      {w.fullName}
                    </Link>{' '}
                    <Aside>
                      {w.vacancyTitle ?? 'General applications'}, {plural(w.days, 'day', 'days')}
                    </Aside>
                  </li>
                ))}
              </List>
            </>
          )}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Upcoming interviews">
          {data.upcomingInterviews.length === 0 ? (
            <Empty>No interviews in the next {UPCOMING_INTERVIEW_DAYS} days.</Empty>
          ) : (
            <List>
              {data.upcomingInterviews.map((i) => (
                <li key={i.interviewId}>
                  {formatDate(i.startsAt, 'mediumTime')}:{' '}
                  <Link component={RouterLink} to={candidatePage(i.candidateId)}>
                    {i.candidateName}
                  </Link>{' '}
                  <Aside>
                    {i.vacancyTitle ?? 'General applications'}, {i.durationMinutes} min
                  </Aside>
                </li>
              ))}
            </List>
          )}
        </Panel>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Panel title="Time to hire">
          {data.timeToHire.length === 0 ? (
            <Empty>No hires yet.</Empty>
          ) : (
            <List>
              {data.timeToHire.map((t) => (
                <li key={`${t.vacancyId ?? 'none'}-${t.title}`}>
                  {t.vacancyId === null ? (
                    t.title
                  ) : (
                    <Link component={RouterLink} to={pipelineOf(t.vacancyId)}>
                      {t.title}
                    </Link>
                  )}
                  : {plural(t.medianDays, 'day', 'days')} from application to hire{' '}
                  <Aside>(median of {plural(t.hired, 'hire', 'hires')})</Aside>
                </li>
              ))}
            </List>
          )}
        </Panel>
      </Grid>
    </Grid>
  );
}
