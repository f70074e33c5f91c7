import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MSG } from '@app/shared/messages';
import type { ContactMessage, MessageStatus } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { EmailText } from '../../ui/admin/email-text';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { messagesQuery, useResendMessage, useSendMessageNow } from './api/mail';
import { MailHealthNotice } from './components/mail-health-notice';
import { formatMedium } from './format';
import { serverReason } from '../../lib/api-client';

const STATE_COLOR: Record<MessageStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

const newestFirst = (a: ContactMessage, b: ContactMessage) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/**
 * /messages (beyond the spec, issue 4): received contact messages with their delivery state, so
 * staff see why a message waits (e.g. no active mailbox) and can send a failed one again.
 */
export function MessagesPage() {
  const messages = useQuery({
    ...messagesQuery,
    // While something is on its way, the states change on their own: follow them.
    refetchInterval: (q) =>
      q.state.data?.some((m) => m.status === 'pending' || m.status === 'sending') ? 10_000 : false,
  });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  const rows = [...(messages.data ?? [])].sort(newestFirst);
  return (
    <AdminPage
      toolbarTitle="Messages"
      heading="Received messages"
      links={[
        { label: 'Mail Log', to: '/mail-log' },
        { label: 'Back to Overview Mailbox', to: '/overview-mailbox' },
      ]}
      maxWidth="xl"
    >
      <MailHealthNotice />
      {messages.isPending && <Loading label="Loading messages..." />}
      {messages.isError && <Alert severity="error">Error fetching messages</Alert>}
      {messages.data?.length === 0 && <Typography>{MSG.noRecords}</Typography>}
      {rows.length > 0 && phone && (
        // On a phone a nine-column table cannot be read: one card per message instead.
        <Stack component="ul" spacing={1} aria-label="Received messages" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((m) => (
            <Card component="li" variant="outlined" key={m.id} aria-label={`Message of ${m.fullName}`}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere' }}>{m.fullName}</Typography>
                  <Chip size="small" label={m.status} color={STATE_COLOR[m.status]} />
                </Stack>
                <Typography variant="body2">
                  <EmailText email={m.email} />
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Received {formatMedium(m.createdAt)}
                  {m.vacancyTitle ? ` · ${m.vacancyTitle}` : ''} · Attempts: {m.attempts}
                </Typography>
                {m.lastError && (
                  <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                    {m.lastError}
                  </Typography>
                )}
                <Actions message={m} />
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      {rows.length > 0 && !phone && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Received messages">
            <TableHead>
              <TableRow>
                <TableCell>Received</TableCell>
                <TableCell>Name</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Vacancy</TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right">Attempts</TableCell>
                <TableCell>Last error</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((m) => (
                <TableRow key={m.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMedium(m.createdAt)}</TableCell>
                  <TableCell>{m.fullName}</TableCell>
                  <TableCell>
                    <EmailText email={m.email} />
                  </TableCell>
                  <TableCell>{m.vacancyTitle ?? ''}</TableCell>
                  <TableCell>
                    <Chip size="small" label={m.status} color={STATE_COLOR[m.status]} />
                  </TableCell>
                  <TableCell align="right">{m.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>{m.lastError ?? ''}</TableCell>
                  <TableCell>
                    <Actions message={m} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </AdminPage>
  );
}

/** Resend (failed) or Send now (waiting), in the table and on the phone's cards alike. */
function Actions({ message: m }: { message: ContactMessage }) {
  const resend = useResendMessage();
  const sendNow = useSendMessageNow();
  const notify = useNotify();
  const done = {
    onSuccess: (res: { message: string }) => notify(res.message, 'success'),
    onError: (err: unknown) => notify(serverReason(err) ?? MSG.networkError, 'error'),
  };
  if (m.status === 'failed')
    return (
      <Button
        size="small"
        onClick={() => resend.mutate(m.id, done)}
        disabled={resend.isPending}
        aria-label={`Resend the message of ${m.fullName}`}
      >
        Resend
      </Button>
    );
  if (m.status === 'pending')
    return (
      <Button
        size="small"
        onClick={() => sendNow.mutate(m.id, done)}
        disabled={sendNow.isPending}
        aria-label={`Send the message of ${m.fullName} now`}
      >
        Send now
      </Button>
    );
  return null;
}
