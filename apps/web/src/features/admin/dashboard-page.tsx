import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LOCALE_TABLE } from '@app/shared/locales';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { MSG } from '@app/shared/messages';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import { ROUTES, pathTo } from '@app/shared/routes';
import type { Dashboard } from '@app/shared/schemas/dashboard';
import type { MessageStatus } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { Loading } from '../../ui/admin/loading';
import { EmailText } from '../../ui/admin/email-text';
import { formatDate } from '../../lib/dates';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { dashboardQuery, forReviewQuery } from './api/dashboard';
import { adminNavigation } from './navigation';
import { mayOpen, sessionCan } from '../../lib/guard';
import { RecruitingSection } from './recruiting-section';

const STATUS_LABEL: Record<MessageStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
const STATUS_COLOR: Record<MessageStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

/**
 * /admin: the spec's texts, plus what staff need when they arrive: messages
 * waiting or failed, the active mailbox and how its last delivery went, counts, the newest messages.
 * Each role sees what it may use (decision 0145): the figures need the messages capability, the
 * drafts submitted for review need posts:publish, the recruiting overview needs candidates; the
 * others get their part of the navigation.
 */
export function DashboardPage() {
  const figures = sessionCan('messages');
  const reviews = sessionCan('posts:publish');
  const recruiting = sessionCan('candidates');
  const dashboard = useQuery({
    ...dashboardQuery,
    enabled: figures,
    // While messages wait, their state changes on its own: follow it.
    refetchInterval: (q) => (q.state.data?.mail.waiting ? 15_000 : false),
  });
  return (
    <AdminPage toolbarTitle="Site Management" heading="Managing the site" links={adminNavigation}>
      <Alert severity="warning" sx={{ my: 3 }}>
        Only authorized persons may enter this part of the site. Every action is logged.
      </Alert>
      {reviews && <ForReview />}
      {recruiting && <RecruitingSection />}
      {figures && dashboard.isPending && <Loading label="Loading the overview..." />}
      {dashboard.isError && <Alert severity="error">{STAFF_MSG.dashboardLoadFailed}</Alert>}
      {dashboard.data && <Overview data={dashboard.data} />}
      {!figures && <Shortcuts />}
      <Typography component="footer" variant="body2" color="text.secondary" sx={{ mt: 6 }}>
        © {new Date().getFullYear()} Redwall. All rights reserved.
      </Typography>
    </AdminPage>
  );
}

/** The drafts contributors submitted, newest first, for an editor to open and publish. */
function ForReview() {
  const waiting = useQuery(forReviewQuery);
  return (
    <Box component="section" aria-labelledby="for-review" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" id="for-review" gutterBottom>
        {ROLES_MSG.postsForReview}
      </Typography>
      {waiting.isPending && <Loading label="Loading the posts submitted for review..." />}
      {waiting.isError && <Alert severity="error">{MSG.postsListFailed}</Alert>}
      {waiting.data?.total === 0 && <Typography color="text.secondary">{ROLES_MSG.noPostsForReview}</Typography>}
      {!!waiting.data?.total && (
        <>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {waiting.data.items.map((p) => (
              <li key={p.id}>
                <Link component={RouterLink} to={pathTo(ROUTES.viewPost, { id: p.id })}>
                  {p.name}
                </Link>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  by {p.postedBy}
                  {p.reviewRequestedAt ? `, ${formatDate(p.reviewRequestedAt, 'mediumTime')}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
          <Typography sx={{ mt: 1 }}>
            <Link component={RouterLink} to={`${ROUTES.adminPosts.path}?status=review`}>
              All {waiting.data.total} submitted for review
            </Link>
          </Typography>
        </>
      )}
    </Box>
  );
}

/** A role without the figures: the parts of the back office it may open, as plain links. */
function Shortcuts() {
  const mine = adminNavigation.filter((l) => mayOpen(l.to));
  const messages = mayOpen(ROUTES.messages.path) ? [{ label: 'Applications', to: ROUTES.messages.path }] : [];
  return (
    <Box component="nav" aria-label="Your part of the back office">
      <Box component="ul" sx={{ pl: 3, m: 0 }}>
        {[...mine, ...messages].map((l) => (
          <li key={l.to}>
            <Link component={RouterLink} to={l.to}>
              {l.label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

function Tile({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** "3 waiting" with a link, or a calm "none". */
function Figure({ n, label, to }: { n: number; label: string; to: string }) {
  return (
    <Typography>
      <Link component={RouterLink} to={to}>
        <strong>{n}</strong> {label}
      </Link>
    </Typography>
  );
}

function LastDelivery({ last }: { last: Dashboard['lastDelivery'] }) {
  if (!last) return <Typography color="text.secondary">{BACK_OFFICE_MSG.noDeliveryYet}</Typography>;
  if (last.status === 'sent')
    return <Typography>Last delivery: sent on {formatDate(last.at, 'mediumTime')}.</Typography>;
  return (
    <Typography color={last.status === 'failed' ? 'error' : 'text.primary'} sx={{ overflowWrap: 'anywhere' }}>
      Last delivery: {last.status === 'failed' ? 'failed' : 'not yet delivered'}
      {last.error ? ` (${last.error})` : ''}.
    </Typography>
  );
}

function Overview({ data }: { data: Dashboard }) {
  const { mail, activeMailbox, counts, latestMessages } = data;
  return (
    <>
      {mail.notice && (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {mail.notice}{' '}
          <Link component={RouterLink} to={ROUTES.messages.path}>
            See the messages
          </Link>
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Tile title="Messages">
            <Figure n={mail.waiting} label="waiting" to={ROUTES.messages.path} />
            <Figure n={mail.failed} label="failed" to={ROUTES.messages.path} />
          </Tile>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Tile title="Mailbox">
            {activeMailbox ? (
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                Active:{' '}
                <Link component={RouterLink} to={pathTo(ROUTES.editMailbox, { id: activeMailbox.id })}>
                  {activeMailbox.name}
                </Link>{' '}
                ({activeMailbox.providerName ? `${activeMailbox.providerName}, ` : ''}
                {activeMailbox.host})
              </Typography>
            ) : (
              <Typography color="error">
                No active mailbox.{' '}
                <Link component={RouterLink} to={ROUTES.overviewMailbox.path}>
                  Choose one
                </Link>
              </Typography>
            )}
            <LastDelivery last={data.lastDelivery} />
          </Tile>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Tile title="Content">
            <Figure n={counts.posts} label={counts.posts === 1 ? 'post' : 'posts'} to={ROUTES.adminPosts.path} />
            <Figure
              n={counts.vacancies}
              label={counts.vacancies === 1 ? 'vacancy' : 'vacancies'}
              to={ROUTES.overviewVacancies.path}
            />
            <Figure n={counts.users} label={counts.users === 1 ? 'user' : 'users'} to={ROUTES.overviewUsers.path} />
          </Tile>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          {/* What waits for translation: missing, draft or outdated (decision 0155). */}
          <Tile title="Waiting for translation">
            {data.waitingForTranslation.map((w) => (
              <Box key={w.language}>
                <Figure
                  n={w.posts}
                  label={`${w.posts === 1 ? 'post' : 'posts'} in ${LOCALE_TABLE[w.language].name}`}
                  to={`${ROUTES.adminPosts.path}?missing=${w.language}`}
                />
                <Figure
                  n={w.vacancies}
                  label={`${w.vacancies === 1 ? 'vacancy' : 'vacancies'} in ${LOCALE_TABLE[w.language].name}`}
                  to={`${ROUTES.overviewVacancies.path}?missing=${w.language}`}
                />
              </Box>
            ))}
            <Typography>
              <Link component={RouterLink} to={ROUTES.translateTexts.path}>
                Translate the page texts
              </Link>
            </Typography>
          </Tile>
        </Grid>
      </Grid>
      <Box component="section" aria-labelledby="latest-messages" sx={{ mt: 3 }}>
        <Typography variant="h6" component="h2" id="latest-messages" gutterBottom>
          Latest messages
        </Typography>
        {latestMessages.length === 0 ? (
          <Typography color="text.secondary">{BACK_OFFICE_MSG.noMessagesReceivedYet}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {latestMessages.map((m) => (
              <Card component="li" variant="outlined" key={m.id}>
                <CardContent
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, '&:last-child': { pb: 2 } }}
                >
                  <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>{m.fullName}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      <EmailText email={m.email} />
                      {m.vacancyTitle ? ` · ${m.vacancyTitle}` : ''}
                    </Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(m.createdAt, 'mediumTime')}
                  </Typography>
                  <Chip size="small" label={STATUS_LABEL[m.status]} color={STATUS_COLOR[m.status]} />
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
        <Typography sx={{ mt: 1 }}>
          <Link component={RouterLink} to={ROUTES.messages.path}>
            All messages
          </Link>
        </Typography>
      </Box>
    </>
  );
}
