import { useState, type FormEvent } from 'react';
import { LOCALE_TABLE } from '@app/shared/locales';
import { useQuery } from '@tanstack/react-query';
import TextField from '@mui/material/TextField';
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
import { ROUTES } from '@app/shared/routes';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { BACK_OFFICE_MSG } from '@app/shared/messages/back-office';
import type { ContactMessageListItem as ContactMessage, MessageStatus } from '@app/shared/schemas/mail';
import { AdminPage } from '../../ui/admin/admin-page';
import { EmailText } from '../../ui/admin/email-text';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { FIRST_PAGE, type Paging } from '../../lib/list-paging';
import { ListPager } from '../../ui/admin/list-pager';
import {
  exportMessagesFrom,
  messagesQuery,
  useEraseMessage,
  useEraseMessagesFrom,
  useResendMessage,
  useSendMessageNow,
} from './api/mail';
import { MailHealthNotice } from './components/mail-health-notice';
import { formatMedium } from './format';
import { serverReason } from '../../lib/api-client';
import { sessionCan } from '../../lib/guard';

const STATE_COLOR: Record<MessageStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

/**
 * /messages (beyond the spec): received contact messages with their delivery state, so
 * staff see why a message waits (e.g. no active mailbox) and can send a failed one again.
 */
export function MessagesPage() {
  // A data-subject request narrows the list to one address (the search box below the heading).
  const [subject, setSubject] = useState('');
  const [typed, setTyped] = useState('');
  // One page at a time, newest first: the server sorts, filters and cuts (decision 0143).
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const messages = useQuery({
    ...messagesQuery({ ...paging, ...(subject ? { email: subject } : {}) }),
    // While something is on its way, the states change on their own: follow them.
    refetchInterval: (q) =>
      q.state.data?.items.some((m) => m.status === 'pending' || m.status === 'sending') ? 10_000 : false,
  });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const notify = useNotify();
  const eraseAll = useEraseMessagesFrom();
  // Here, not in the row: the erased row unmounts, and a row's own mutation would then not report.
  const erase = useEraseMessage();
  const onErase = (m: ContactMessage) => {
    // The browser's own confirmation, as the mail log's delete has (docs/behaviour/audit-and-privacy.md).
    if (!window.confirm(STAFF_MSG.confirmEraseMessage)) return;
    erase.mutate(m.id, {
      onSuccess: (res) => notify(res.message, 'success'),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });
  };
  const erasing = (m: ContactMessage) => erase.isPending && erase.variables === m.id;

  const onFind = (e: FormEvent) => {
    e.preventDefault();
    setSubject(typed.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const onExport = async () => {
    try {
      const data = await exportMessagesFrom(subject);
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `messages-export-${data.exportedAt.slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      notify(serverReason(err) ?? MSG.networkError, 'error');
    }
  };

  const onEraseAll = () => {
    if (!window.confirm(STAFF_MSG.confirmEraseMessages(subject))) return;
    eraseAll.mutate(subject, {
      onSuccess: (res) => notify(res.message, 'success'),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });
  };

  // A recruiter sees the applications only, without delivery or data-subject actions (decision 0145).
  const full = sessionCan('messages');
  const rows = messages.data?.items ?? [];
  // Export and erase act on every message from the address, not only on this page.
  const found = messages.data?.total ?? 0;
  return (
    <AdminPage
      toolbarTitle="Messages"
      heading={full ? 'Received messages' : 'Applications'}
      links={[
        { label: 'Mail Log', to: ROUTES.mailLog.path },
        { label: 'Back to Overview Mailbox', to: ROUTES.overviewMailbox.path },
      ]}
      maxWidth="xl"
    >
      {full && <MailHealthNotice />}
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ my: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        onSubmit={onFind}
        aria-label="Messages from one address"
      >
        <TextField
          size="small"
          id="subject-email"
          label="Messages from (e-mail address)"
          type="email"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ minWidth: { sm: 320 } }}
        />
        <Button type="submit" variant="outlined">
          Find
        </Button>
        {subject && (
          <>
            {full && (
              <>
                <Button onClick={() => void onExport()} disabled={!found}>
                  Export
                </Button>
                <Button color="error" onClick={onEraseAll} disabled={!found || eraseAll.isPending}>
                  Erase all
                </Button>
              </>
            )}
            <Button
              onClick={() => {
                setSubject('');
                setTyped('');
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            >
              Show all
            </Button>
          </>
        )}
      </Stack>
      {messages.isPending && <Loading label="Loading messages..." />}
      {messages.isError && <Alert severity="error">{BACK_OFFICE_MSG.messagesFetchFailed}</Alert>}
      {messages.data?.total === 0 && <Typography>{MSG.noRecords}</Typography>}
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
                  {m.vacancyTitle ? ` · ${m.vacancyTitle}` : ''} · {LOCALE_TABLE[m.language].name} · Attempts:{' '}
                  {m.attempts}
                </Typography>
                {m.lastError && (
                  <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                    {m.lastError}
                  </Typography>
                )}
                {full && <Actions message={m} onErase={() => onErase(m)} erasing={erasing(m)} />}
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
                <TableCell>Language</TableCell>
                <TableCell>State</TableCell>
                <TableCell align="right">Attempts</TableCell>
                <TableCell>Last error</TableCell>
                {full && <TableCell>Actions</TableCell>}
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
                  {/* The visitor's language: the one to answer in (decision 0155). */}
                  <TableCell lang={LOCALE_TABLE[m.language].tag}>{LOCALE_TABLE[m.language].name}</TableCell>
                  <TableCell>
                    <Chip size="small" label={m.status} color={STATE_COLOR[m.status]} />
                  </TableCell>
                  <TableCell align="right">{m.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 360 }}>{m.lastError ?? ''}</TableCell>
                  {full && (
                    <TableCell>
                      <Actions message={m} onErase={() => onErase(m)} erasing={erasing(m)} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {messages.data && messages.data.total > 0 && (
        <ListPager total={messages.data.total} paging={paging} onChange={setPaging} label="Pages of messages" />
      )}
    </AdminPage>
  );
}

/** Resend (failed) or Send now (waiting), and Erase, in the table and on the phone's cards alike. */
function Actions({ message: m, onErase, erasing }: { message: ContactMessage; onErase: () => void; erasing: boolean }) {
  const resend = useResendMessage();
  const sendNow = useSendMessageNow();
  const notify = useNotify();
  const done = {
    onSuccess: (res: { message: string }) => notify(res.message, 'success'),
    onError: (err: unknown) => notify(serverReason(err) ?? MSG.networkError, 'error'),
  };
  return (
    <Stack direction="row" spacing={1}>
      {m.status === 'failed' && (
        <Button
          size="small"
          onClick={() => resend.mutate(m.id, done)}
          disabled={resend.isPending}
          aria-label={`Resend the message of ${m.fullName}`}
        >
          Resend
        </Button>
      )}
      {m.status === 'pending' && (
        <Button
          size="small"
          onClick={() => sendNow.mutate(m.id, done)}
          disabled={sendNow.isPending}
          aria-label={`Send the message of ${m.fullName} now`}
        >
          Send now
        </Button>
      )}
      <Button
        size="small"
        color="error"
        onClick={onErase}
        disabled={erasing}
        aria-label={`Erase the message of ${m.fullName}`}
      >
        Erase
      </Button>
    </Stack>
  );
}
