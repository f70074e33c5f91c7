import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOCALE_TABLE } from '@app/shared/locales';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import { ROUTES } from '@app/shared/routes';
import type { CandidateDetail, CandidateMailRequest } from '@app/shared/schemas/candidates';
import { ApiError, serverReason } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { Link as RouterLink } from '../../lib/link';
import { EmailText } from '../../ui/admin/email-text';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { mailPreviewQuery, useSendCandidateMail } from './api/candidate-mails';

/** A mail the recruiter chose, with the dialog's title. */
interface Chosen {
  request: CandidateMailRequest;
  title: string;
  /** Each opening is a fresh dialog: no earlier failure or preview carried over. */
  opening?: number;
}

/**
 * The candidate page's mails: an acknowledgement, an invitation per scheduled interview and the
 * rejection (once), each shown as the candidate will get it (their language, filled in) before it
 * is sent. `onChanged` reloads the page, whose timeline then lists the mail.
 */
export function MailsPanel({ candidate, onChanged }: { candidate: CandidateDetail; onChanged: () => void }) {
  const [chosen, setChosen] = useState<Chosen>();
  // Kept apart from the choice, so the dialog keeps its text while it fades out.
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const choose = (next: Chosen) => {
    setChosen((before) => ({ ...next, opening: (before?.opening ?? 0) + 1 }));
    setOpen(true);
  };
  const scheduled = candidate.interviews.filter((i) => i.status === 'scheduled');
  const rejected = candidate.stage === 'rejected';

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Mails to the candidate
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        In {LOCALE_TABLE[candidate.language].name}, the candidate&apos;s language. You see each mail before it is sent.
      </Typography>
      {rejected && !candidate.rejectionSent && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This candidate is rejected: let them know with the rejection mail.
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => choose({ request: { kind: 'acknowledgement' }, title: 'Send acknowledgement' })}
        >
          Send acknowledgement
        </Button>
        {scheduled.map((i) => (
          <Button
            key={i.id}
            variant="outlined"
            onClick={() =>
              choose({
                request: { kind: 'invitation', interviewId: i.id },
                title: `Invite to the interview of ${formatDate(i.startsAt, 'mediumTime')}`,
              })
            }
          >
            {scheduled.length > 1
              ? `Invite to interview (${formatDate(i.startsAt, 'mediumTime')})`
              : 'Invite to interview'}
          </Button>
        ))}
        <Button
          variant={rejected ? 'contained' : 'outlined'}
          color="error"
          disabled={candidate.rejectionSent}
          aria-describedby={candidate.rejectionSent ? `${headingId}-rejection` : undefined}
          onClick={() => choose({ request: { kind: 'rejection' }, title: 'Send rejection' })}
        >
          Send rejection
        </Button>
      </Stack>
      {scheduled.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          An invitation is sent for a scheduled interview: schedule one first.
        </Typography>
      )}
      {candidate.rejectionSent && (
        <Typography id={`${headingId}-rejection`} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {CANDIDATES_MSG.rejectionAlreadySent}
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to={ROUTES.candidateMails.path}>
          Edit the mail templates
        </Link>
      </Box>
      {chosen && (
        <MailDialog
          key={chosen.opening}
          open={open}
          candidateId={candidate.id}
          chosen={chosen}
          onClose={() => setOpen(false)}
          onSent={onChanged}
        />
      )}
    </Paper>
  );
}

/** The mail as the candidate will get it, with Send and Cancel. */
function MailDialog({
  open,
  candidateId,
  chosen,
  onClose,
  onSent,
}: {
  open: boolean;
  candidateId: number;
  chosen: Chosen;
  onClose: () => void;
  onSent: () => void;
}) {
  const titleId = useId();
  const notify = useNotify();
  const preview = useQuery({ ...mailPreviewQuery(candidateId, chosen.request), enabled: open });
  const send = useSendCandidateMail(candidateId);
  const mail = preview.data;

  const submit = () =>
    send.mutate(chosen.request, {
      onSuccess: (sent) => {
        notify(CANDIDATES_MSG.mailQueued(sent.to));
        onClose();
        onSent();
      },
      // Sent meanwhile (another tab, a colleague): the page catches up and the button goes grey.
      onError: (err) => {
        if (err instanceof ApiError && err.status === 409) onSent();
      },
    });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>{chosen.title}</DialogTitle>
      <DialogContent>
        {preview.isPending && <Loading label="Preparing the mail..." />}
        {preview.isError && (
          <Alert severity="error">{serverReason(preview.error) ?? 'The mail could not be prepared. Try again.'}</Alert>
        )}
        {mail && (
          <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 }, '& dd': { ml: 0 } }}>
            <dt>To</dt>
            <dd>
              <EmailText email={mail.to} />
            </dd>
            <dt>Language</dt>
            <dd lang="en">{LOCALE_TABLE[mail.language].name}</dd>
            <dt>Subject</dt>
            <dd lang={LOCALE_TABLE[mail.language].tag}>{mail.subject}</dd>
            <dt>Text</dt>
            <Box
              component="dd"
              lang={LOCALE_TABLE[mail.language].tag}
              sx={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                p: 1.5,
                bgcolor: 'action.hover',
                borderRadius: 1,
              }}
            >
              {mail.body}
            </Box>
            {chosen.request.kind === 'invitation' && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                The interview&apos;s calendar file (.ics) goes with it.
              </Typography>
            )}
          </Box>
        )}
        {send.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {serverReason(send.error) ?? 'The mail could not be sent. Try again.'}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button autoFocus onClick={onClose}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={!mail || send.isPending}>
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
