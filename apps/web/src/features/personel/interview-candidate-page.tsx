import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { parseId } from '@app/shared/ids';
import { LOCALE_TABLE } from '@app/shared/locales';
import { MSG } from '@app/shared/messages';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import { ROUTES } from '@app/shared/routes';
import {
  feedbackForm,
  RECOMMENDATIONS,
  RECOMMENDATION_LABELS,
  type FeedbackFormInput,
  type InterviewCandidate,
  type MyInterview,
} from '@app/shared/schemas/candidates';
import { ApiError, serverReason } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { AdminPage } from '../../ui/admin/admin-page';
import { FormTextField } from '../../ui/admin/form-text-field';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { fetchCandidateCv, interviewCandidateQuery, useGiveFeedback } from './api/interviews';
import { VideoLink } from '../../ui/admin/video-link';

const links = [{ label: 'My interviews', to: ROUTES.interviews.path }];

/**
 * /personel/interviews/candidate/:id: a candidate one interviews, as an interviewer sees them
 * (decision 0160): the application and its CV, and per interview one's own feedback. Anyone who
 * does not interview the candidate is refused by the API (403), administrators included.
 */
export function InterviewCandidatePage() {
  const id = parseId(useParams().id);
  const candidate = useQuery({ ...interviewCandidateQuery(id ?? 0), enabled: id !== undefined });
  const refused = candidate.error instanceof ApiError ? candidate.error : undefined;
  return (
    <AdminPage toolbarTitle="Interviews" heading={candidate.data?.fullName ?? 'Candidate'} links={links} maxWidth="lg">
      {id === undefined && <Alert severity="error">{CANDIDATES_MSG.candidateNotFound}</Alert>}
      {id !== undefined && candidate.isPending && <Loading label="Loading the candidate..." />}
      {candidate.isError && (
        <Alert severity="error">
          {refused?.status === 403
            ? CANDIDATES_MSG.notYourCandidate
            : refused?.status === 404
              ? CANDIDATES_MSG.candidateNotFound
              : MSG.networkError}
        </Alert>
      )}
      {candidate.data && <CandidateView candidate={candidate.data} />}
    </AdminPage>
  );
}

function CandidateView({ candidate: c }: { candidate: InterviewCandidate }) {
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="application-heading">
        <Typography variant="h6" component="h2" id="application-heading">
          Application
        </Typography>
        <Typography>
          <strong>Vacancy:</strong> {c.vacancyTitle ?? 'General pool (no vacancy)'}
        </Typography>
        <Typography>
          <strong>Language:</strong> {LOCALE_TABLE[c.language].name}
        </Typography>
        <Typography>
          <strong>E-mail:</strong> <Link href={`mailto:${c.email}`}>{c.email}</Link>
        </Typography>
        {c.phoneNumber && (
          <Typography>
            <strong>Phone:</strong> <Link href={`tel:${c.phoneNumber.replace(/\s/g, '')}`}>{c.phoneNumber}</Link>
          </Typography>
        )}
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Message
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{c.message || '—'}</Typography>
      </Box>
      <CvViewer candidateId={c.id} hasCv={c.hasCv} name={c.fullName} />
      <Box component="section" aria-labelledby="my-interviews-heading">
        <Typography variant="h6" component="h2" id="my-interviews-heading">
          Your interviews with {c.fullName}
        </Typography>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {c.interviews.map((i) => (
            <InterviewFeedback key={i.id} candidateId={c.id} interview={i} />
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}

/** The CV shown in the page (fetched with the session's token, shown from an object URL), and a download. */
function CvViewer({ candidateId, hasCv, name }: { candidateId: number; hasCv: boolean; name: string }) {
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    if (!hasCv) return;
    const abort = new AbortController();
    let made: string | undefined;
    fetchCandidateCv(candidateId, abort.signal).then(
      (blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
      (err: unknown) => {
        if ((err as Error).name !== 'AbortError') setFailed(serverReason(err) ?? MSG.networkError);
      },
    );
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [candidateId, hasCv]);

  return (
    <Box component="section" aria-labelledby="cv-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="cv-heading" sx={{ flexGrow: 1 }}>
          CV
        </Typography>
        {url && (
          <Button variant="outlined" component="a" href={url} download={`CV ${name}.pdf`}>
            Download CV
          </Button>
        )}
      </Stack>
      {!hasCv && <Typography color="text.secondary">{CANDIDATES_MSG.noCv}</Typography>}
      {failed && <Alert severity="error">{failed}</Alert>}
      {hasCv && !url && !failed && <Loading label="Loading the CV..." />}
      {url && (
        <Box
          component="iframe"
          src={url}
          title={`CV of ${name}`}
          sx={{ width: '100%', height: { xs: 480, md: 800 }, border: 1, borderColor: 'divider' }}
        />
      )}
    </Box>
  );
}

/** One interview and the signed-in interviewer's feedback on it (shown, editable; none on a cancelled one). */
function InterviewFeedback({ candidateId, interview: i }: { candidateId: number; interview: MyInterview }) {
  const give = useGiveFeedback(candidateId);
  const notify = useNotify();
  // Only one's own row carries feedback in this view: the others' is left out by the API.
  const mine = i.interviewers.find((p) => p.feedbackAt !== null);
  const { control, handleSubmit, reset, setError, formState } = useForm<FeedbackFormInput>({
    resolver: zodResolver(feedbackForm),
    mode: 'onTouched',
    defaultValues: { recommendation: i.myRecommendation ?? undefined, feedback: i.myFeedback ?? '' },
  });
  useEffect(() => {
    reset({ recommendation: i.myRecommendation ?? undefined, feedback: i.myFeedback ?? '' });
  }, [i.myRecommendation, i.myFeedback, reset]);

  const submit = handleSubmit((v) =>
    give.mutate(
      { interviewId: i.id, body: v },
      {
        onSuccess: () => notify('Your feedback is saved.', 'success'),
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.errors ?? []) : [];
          for (const f of fields)
            if (f.field === 'recommendation' || f.field === 'feedback') setError(f.field, { message: f.message });
          if (!fields.length) notify(serverReason(err) ?? MSG.networkError, 'error');
        },
      },
    ),
  );
  const cancelled = i.status === 'cancelled';
  const groupId = `recommendation-${i.id}`;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="article"
      aria-label={`Interview of ${formatDate(i.startsAt, 'mediumTime')}`}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600, textDecoration: cancelled ? 'line-through' : undefined }}>
          {formatDate(i.startsAt, 'mediumTime')} (Brussels time)
        </Typography>
        {cancelled && <Chip size="small" label="Cancelled" />}
      </Stack>
      <Typography variant="body2">
        {i.durationMinutes} minutes{i.location ? ` — ${i.location}` : ''}
      </Typography>
      {i.videoLink && <VideoLink href={i.videoLink} />}
      <Typography variant="body2" color="text.secondary">
        Interviewers: {i.interviewers.map((p) => p.name).join(', ')}
      </Typography>
      {mine?.feedbackAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Your feedback was saved {formatDate(mine.feedbackAt, 'mediumTime')}.
        </Typography>
      )}
      {cancelled ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {CANDIDATES_MSG.interviewCancelled}
          {i.myRecommendation && ` Your feedback: ${RECOMMENDATION_LABELS[i.myRecommendation]}.`}
        </Typography>
      ) : (
        <Stack component="form" spacing={2} sx={{ mt: 2 }} onSubmit={submit} noValidate>
          <Controller
            name="recommendation"
            control={control}
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error} required>
                <FormLabel id={groupId}>Your recommendation</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={groupId}
                  name={`${field.name}-${i.id}`}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                >
                  {RECOMMENDATIONS.map((r) => (
                    <FormControlLabel key={r} value={r} control={<Radio />} label={RECOMMENDATION_LABELS[r]} />
                  ))}
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <FormTextField
            control={control}
            name="feedback"
            id={`feedback-${i.id}`}
            label="Your notes"
            multiline
            minRows={3}
            helperText="Seen by the recruiters, never by the candidate or the other interviewers."
          />
          <Box>
            <Button type="submit" variant="contained" disabled={give.isPending || !formState.isDirty}>
              {i.myRecommendation ? 'Update feedback' : 'Save feedback'}
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
