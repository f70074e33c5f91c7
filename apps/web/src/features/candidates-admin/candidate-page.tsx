import { useEffect, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { parseId } from '@app/shared/ids';
import { LOCALE_TABLE } from '@app/shared/locales';
import { MSG } from '@app/shared/messages';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import {
  RECOMMENDATION_LABELS,
  STAGE_LABELS,
  type CandidateDetail,
  type Recommendation,
  type TimelineEntry,
} from '@app/shared/schemas/candidates';
import { LIMITS } from '@app/shared/constants';
import { ApiError, serverReason } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { Link as RouterLink } from '../../lib/link';
import { AdminPage } from '../../ui/admin/admin-page';
import { EmailText } from '../../ui/admin/email-text';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { InterviewsPanel } from './interviews-panel';
import { MailsPanel } from './mails-panel';
import { candidateQuery, fetchCv, pipelinePath, useAddNote } from './pipeline-api';
import { StageMenu } from './stage-menu';

/** /candidate/:id: one candidate, their application and CV, the stage, notes and the timeline. */
export function CandidatePage() {
  const id = parseId(useParams().id);
  const candidate = useQuery({ ...candidateQuery(id ?? 0), enabled: id !== undefined });
  const qc = useQueryClient();
  const reload = () => void qc.invalidateQueries({ queryKey: ['candidates'] });
  const missing = id === undefined || (candidate.error instanceof ApiError && candidate.error.status === 404);
  const c = candidate.data;
  return (
    <AdminPage
      toolbarTitle="Candidate"
      heading={c?.fullName ?? 'Candidate'}
      links={[
        { label: 'Back to Candidates', to: pipelinePath(c ? (c.vacancyId ?? (c.vacancyTitle ? null : 'pool')) : null) },
      ]}
      maxWidth="lg"
    >
      {missing && <Alert severity="error">{CANDIDATES_MSG.candidateNotFound}</Alert>}
      {!missing && candidate.isError && (
        <Alert severity="error">The candidate could not be loaded. Try again in a moment.</Alert>
      )}
      {id !== undefined && candidate.isPending && <Loading label="Loading candidate..." />}
      {c && (
        <Stack spacing={3}>
          <Facts candidate={c} />
          <Section title="Message">
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.message || '—'}</Typography>
          </Section>
          <CvViewer candidate={c} />
          <MailsPanel candidate={c} onChanged={reload} />
          <InterviewsPanel candidate={c} onChanged={reload} />
          <Interviews candidate={c} />
          <NoteForm id={c.id} />
          <Timeline entries={c.timeline} />
        </Stack>
      )}
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function Facts({ candidate: c }: { candidate: CandidateDetail }) {
  const pipeline = pipelinePath(c.vacancyId ?? (c.vacancyTitle ? null : 'pool'));
  return (
    <Section title="Application">
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 1, m: 0 }}
      >
        <Fact label="E-mail">
          <Link href={`mailto:${c.email}`}>
            <EmailText email={c.email} />
          </Link>
        </Fact>
        <Fact label="Phone">{c.phoneNumber ? <Link href={`tel:${c.phoneNumber}`}>{c.phoneNumber}</Link> : '—'}</Fact>
        <Fact label="Language">{LOCALE_TABLE[c.language].name}</Fact>
        <Fact label="Vacancy">
          {c.vacancyId !== null || !c.vacancyTitle ? (
            <Link component={RouterLink} to={pipeline}>
              {c.vacancyTitle ?? 'General pool'}
            </Link>
          ) : (
            `${c.vacancyTitle} (deleted)`
          )}
        </Fact>
        <Fact label="Applied">{formatDate(c.appliedAt, 'mediumTime')}</Fact>
        <Fact label="Stage">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
            <Chip label={STAGE_LABELS[c.stage]} color={c.stage === 'hired' ? 'success' : 'default'} />
            <StageMenu candidate={c} />
            {c.waiting && <Chip size="small" color="warning" label="Waiting for an answer" />}
          </Stack>
        </Fact>
        {c.stageReason && <Fact label="Reason">{c.stageReason}</Fact>}
        <Fact label="Kept for the future">
          {c.keepConsentAt
            ? `Agreed on ${formatDate(c.keepConsentAt, 'mediumTime')}: “${c.keepConsentText ?? ''}”`
            : 'Not agreed'}
        </Fact>
        {c.otherApplications > 0 && <Fact label="Other applications">{c.otherApplications} (same e-mail address)</Fact>}
        {c.rejectionSent && <Fact label="Rejection mail">Sent</Fact>}
      </Box>
    </Section>
  );
}

/**
 * The CV shown in the page: fetched with the session's token (an <iframe> cannot send it) and shown
 * through an object URL, released when the page leaves; a Download button saves the same bytes.
 */
function CvViewer({ candidate: c }: { candidate: CandidateDetail }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!c.hasCv) return;
    let created: string | null = null;
    let gone = false;
    fetchCv(c.id).then(
      (blob) => {
        if (gone) return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      },
      () => !gone && setFailed(true),
    );
    return () => {
      gone = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [c.id, c.hasCv]);
  const fileName = `cv-${c.fullName.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
  return (
    <Section title="CV">
      {!c.hasCv && <Typography>{CANDIDATES_MSG.noCv}</Typography>}
      {c.hasCv && failed && <Alert severity="error">The CV could not be loaded.</Alert>}
      {c.hasCv && !url && !failed && <Loading label="Loading CV..." />}
      {url && (
        <>
          <Button component="a" href={url} download={fileName} variant="outlined" sx={{ mb: 2 }}>
            Download CV
          </Button>
          <Box
            component="iframe"
            title={`CV of ${c.fullName}`}
            src={url}
            sx={{
              display: 'block',
              width: '100%',
              height: { xs: '70vh', md: '80vh' },
              border: 1,
              borderColor: 'divider',
            }}
          />
        </>
      )}
    </Section>
  );
}

/** Every interview with every interviewer's feedback, as the recruiter reads it. */
function Interviews({ candidate: c }: { candidate: CandidateDetail }) {
  if (!c.interviews.length) return null;
  return (
    <Section title="Interview feedback">
      <Stack spacing={2}>
        {c.interviews.map((i) => (
          <Box key={i.id}>
            <Typography sx={{ fontWeight: 500 }}>
              {formatDate(i.startsAt, 'mediumTime')} · {i.durationMinutes} min
              {i.status === 'cancelled' ? ' · cancelled' : ''}
            </Typography>
            <Box component="ul" sx={{ pl: 3, my: 0.5 }}>
              {i.interviewers.map((p) => (
                <li key={p.userId}>
                  {p.name}:{' '}
                  {p.recommendation
                    ? `${RECOMMENDATION_LABELS[p.recommendation as Recommendation]}${p.feedback ? ` — ${p.feedback}` : ''}`
                    : 'no feedback yet'}
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </Section>
  );
}

function NoteForm({ id }: { id: number }) {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const add = useAddNote(id);
  const notify = useNotify();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const note = text.trim();
    if (!note) return setError(CANDIDATES_MSG.noteRequired);
    add.mutate(note, {
      onSuccess: () => {
        setText('');
        notify('Note added.', 'success');
      },
      onError: (err) => setError(serverReason(err) ?? MSG.networkError),
    });
  };
  return (
    <Section title="Add a note">
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          fullWidth
          multiline
          minRows={3}
          label="Note (seen only by recruiters)"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
          error={!!error}
          helperText={error || ' '}
          slotProps={{ htmlInput: { maxLength: LIMITS.message } }}
        />
        <Button type="submit" variant="contained" disabled={add.isPending}>
          Add note
        </Button>
      </Box>
    </Section>
  );
}

/** What a timeline entry says, in a line. */
function describe(e: TimelineEntry): string {
  const d = e.data as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (e.kind) {
    case 'applied':
      return 'Applied';
    case 'stage': {
      const from = STAGE_LABELS[d['from'] as keyof typeof STAGE_LABELS] ?? str(d['from']);
      const to = STAGE_LABELS[d['to'] as keyof typeof STAGE_LABELS] ?? str(d['to']);
      return `Moved from ${from} to ${to}${d['reason'] ? `: ${str(d['reason'])}` : ''}`;
    }
    case 'note':
      return `Note: ${str(d['text'])}`;
    case 'mail':
      return `Mail sent (${str(d['mailKind'])})${d['subject'] ? `: ${str(d['subject'])}` : ''}`;
    case 'interview':
      return `Interview ${str(d['action']) || 'scheduled'}${d['startsAt'] ? ` for ${formatDate(str(d['startsAt']), 'mediumTime')}` : ''}`;
    case 'feedback':
      return `Feedback given${d['recommendation'] ? `: ${RECOMMENDATION_LABELS[d['recommendation'] as Recommendation] ?? ''}` : ''}`;
    case 'consent':
      return d['agreed'] === false ? 'Withdrew the agreement to be kept' : 'Agreed to be kept for future vacancies';
    default:
      return e.kind;
  }
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Section title="Timeline">
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((e) => (
          <Box component="li" key={e.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{describe(e)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {e.actor ?? (e.kind === 'applied' || e.kind === 'consent' ? 'The candidate' : 'The system')} ·{' '}
              <time dateTime={e.at}>{formatDate(e.at, 'mediumTime')}</time>
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}
