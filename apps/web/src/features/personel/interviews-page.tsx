import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { MSG } from '@app/shared/messages';
import { ROUTES, pathTo } from '@app/shared/routes';
import { RECOMMENDATION_LABELS, type MyInterview } from '@app/shared/schemas/candidates';
import { formatDate } from '../../lib/dates';
import { Link as RouterLink } from '../../lib/link';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { myInterviewsQuery } from './api/interviews';
import { VideoLink } from '../../ui/admin/video-link';

/** Back to the dashboards: the toolbar shows those the user may open (staff other than ROLE_USER: the back office). */
const backLinks = [
  { label: 'Personnel Dashboard', to: ROUTES.personel.path },
  { label: 'Site Management', to: ROUTES.admin.path },
];

/**
 * /personel/interviews: the signed-in staff member's interviews (decision 0160), upcoming soonest
 * first and past latest first, each opening the candidate as an interviewer sees them.
 */
export function InterviewsPage() {
  const mine = useQuery(myInterviewsQuery);
  const none = mine.data && !mine.data.upcoming.length && !mine.data.past.length;
  return (
    <AdminPage toolbarTitle="Dashboard Personel" heading="Interviews" links={backLinks} maxWidth="md">
      {mine.isPending && <Loading label="Loading your interviews..." />}
      {mine.isError && <Alert severity="error">{MSG.networkError}</Alert>}
      {none && <Typography>You have no interviews yet.</Typography>}
      {mine.data && !none && (
        <>
          <InterviewList heading="Upcoming" id="upcoming" items={mine.data.upcoming} empty="No upcoming interviews." />
          <InterviewList heading="Past" id="past" items={mine.data.past} empty="No past interviews." />
        </>
      )}
    </AdminPage>
  );
}

function InterviewList({
  heading,
  id,
  items,
  empty,
}: {
  heading: string;
  id: string;
  items: MyInterview[];
  empty: string;
}) {
  return (
    <Box component="section" aria-labelledby={`${id}-heading`} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id={`${id}-heading`}>
        {heading}
      </Typography>
      {!items.length && <Typography color="text.secondary">{empty}</Typography>}
      <List>
        {items.map((i) => (
          <ListItem key={i.id} divider sx={{ display: 'block' }}>
            <Link
              component={RouterLink}
              to={pathTo(ROUTES.interviewCandidate, { id: i.candidateId })}
              sx={{ fontWeight: 600, textDecoration: i.status === 'cancelled' ? 'line-through' : undefined }}
            >
              {i.candidateName}
            </Link>{' '}
            <Typography component="span" color="text.secondary">
              {i.vacancyTitle ?? 'General pool'}
            </Typography>
            {i.status === 'cancelled' && <Chip size="small" label="Cancelled" sx={{ ml: 1 }} />}
            <Typography variant="body2">
              {formatDate(i.startsAt, 'mediumTime')} (Brussels time), {i.durationMinutes} minutes
              {i.location ? `, ${i.location}` : ''}
            </Typography>
            {i.videoLink && <VideoLink href={i.videoLink} />}
            <Typography variant="body2" color="text.secondary">
              Your feedback: {i.myRecommendation ? RECOMMENDATION_LABELS[i.myRecommendation] : 'not given yet'}
            </Typography>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
