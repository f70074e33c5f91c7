import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
    refetchInterval: (q) => (q.state.data?.some((m) => m.status === 'pending' || m.status === 'sending') ? 10_000 : false),
  });
  const resend = useResendMessage();
  const sendNow = useSendMessageNow();
  const notify = useNotify();

  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: (res) => notify(res.message, 'success'),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });

  const onSendNow = (id: number) =>
    sendNow.mutate(id, {
      onSuccess: (res) => notify(res.message, 'success'),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });

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
      {rows.length > 0 && (
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
                  <TableCell sx={{ wordBreak: 'break-all' }}>{m.email}</TableCell>
                  <TableCell>{m.vacancyTitle ?? ''}</TableCell>
                  <TableCell>
                    <Chip size="small" label={m.status} color={STATE_COLOR[m.status]} />
                  </TableCell>
                  <TableCell align="right">{m.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>{m.lastError ?? ''}</TableCell>
                  <TableCell>
                    {m.status === 'failed' && (
                      <Button size="small" onClick={() => onResend(m.id)} disabled={resend.isPending && resend.variables === m.id} aria-label={`Resend the message of ${m.fullName}`}>
                        Resend
                      </Button>
                    )}
                    {m.status === 'pending' && (
                      <Button size="small" onClick={() => onSendNow(m.id)} disabled={sendNow.isPending && sendNow.variables === m.id} aria-label={`Send the message of ${m.fullName} now`}>
                        Send now
                      </Button>
                    )}
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
