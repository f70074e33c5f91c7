import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@app/shared/messages';
import {
  RECOMMENDATION_LABELS,
  type CandidateDetail,
  type Interview,
  type Recommendation,
} from '@app/shared/schemas/candidates';
import { serverReason } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { ConfirmButton } from '../../ui/admin/confirm-button';
import { useNotify } from '../../ui/admin/notify';
import { useCancelInterview, useRescheduleInterview, useScheduleInterview } from './api/interviews';
import { InterviewFormDialog } from './interview-form-dialog';
import { VideoLink } from '../../ui/admin/video-link';

const RECOMMENDATION_COLOR: Record<Recommendation, 'error' | 'warning' | 'success' | 'info'> = {
  'strong-no': 'error',
  no: 'warning',
  yes: 'info',
  'strong-yes': 'success',
};

/**
 * The candidate page's interviews (decision 0160): each with its time (Brussels), place, panel and
 * every interviewer's feedback; scheduling, rescheduling and cancelling mail the people concerned.
 * `onChanged` reloads the candidate page after each change.
 */
export function InterviewsPanel({ candidate, onChanged }: { candidate: CandidateDetail; onChanged: () => void }) {
  const notify = useNotify();
  const schedule = useScheduleInterview(candidate.id);
  const reschedule = useRescheduleInterview();
  const cancel = useCancelInterview();
  const [editing, setEditing] = useState<{ interview?: Interview } | null>(null);
  const interviews = [...candidate.interviews].sort((a, b) => a.startsAt.localeCompare(b.startsAt));

  const cancelOne = (id: number) =>
    cancel.mutate(id, {
      onSuccess: () => {
        notify('The interview is cancelled; the interviewers are told.', 'success');
        onChanged();
      },
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });

  return (
    <Box component="section" aria-labelledby="interviews-heading" sx={{ my: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" id="interviews-heading" sx={{ flexGrow: 1 }}>
          Interviews
        </Typography>
        <Button variant="contained" onClick={() => setEditing({})}>
          Schedule interview
        </Button>
      </Stack>
      {!interviews.length && <Typography color="text.secondary">No interview scheduled yet.</Typography>}
      <Stack spacing={2}>
        {interviews.map((i) => (
          <Paper key={i.id} variant="outlined" sx={{ p: 2 }} component="article" aria-label={`Interview ${i.id}`}>
            <InterviewSummary interview={i} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 1.5 }}>
              Feedback
            </Typography>
            <Stack spacing={1} sx={{ mt: 0.5 }}>
              {i.interviewers.map((p) => (
                <Box key={p.userId}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {p.name}
                    </Typography>
                    {p.recommendation ? (
                      <Chip
                        size="small"
                        color={RECOMMENDATION_COLOR[p.recommendation]}
                        label={RECOMMENDATION_LABELS[p.recommendation]}
                      />
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        no feedback yet
                      </Typography>
                    )}
                    {p.feedbackAt && (
                      <Typography variant="caption" color="text.secondary">
                        {formatDate(p.feedbackAt, 'mediumTime')}
                      </Typography>
                    )}
                  </Stack>
                  {p.feedback && (
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                      {p.feedback}
                    </Typography>
                  )}
                </Box>
              ))}
            </Stack>
            {i.status === 'scheduled' && (
              <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                <Button variant="outlined" onClick={() => setEditing({ interview: i })}>
                  Reschedule
                </Button>
                <ConfirmButton
                  label="Cancel interview"
                  title="Cancel this interview?"
                  question="The interviewers (and the candidate, if invited) receive a cancellation for their calendar."
                  confirmLabel="Cancel interview"
                  color="error"
                  disabled={cancel.isPending}
                  onConfirm={() => cancelOne(i.id)}
                />
              </Stack>
            )}
          </Paper>
        ))}
      </Stack>
      <InterviewFormDialog
        open={editing !== null}
        interview={editing?.interview}
        pending={schedule.isPending || reschedule.isPending}
        onClose={() => setEditing(null)}
        onSubmit={async (body) => {
          const moving = editing?.interview;
          if (moving) await reschedule.mutateAsync({ id: moving.id, body });
          else await schedule.mutateAsync(body);
          setEditing(null);
          notify(
            moving
              ? 'The interview is moved; the people concerned are told.'
              : 'The interview is scheduled; the interviewers are invited.',
            'success',
          );
          onChanged();
        }}
      />
    </Box>
  );
}

/** An interview's when, how long, where and its status. */
export function InterviewSummary({ interview: i }: { interview: Interview }) {
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600, textDecoration: i.status === 'cancelled' ? 'line-through' : undefined }}>
          {formatDate(i.startsAt, 'mediumTime')} (Brussels time)
        </Typography>
        <Chip
          size="small"
          label={i.status === 'cancelled' ? 'Cancelled' : 'Scheduled'}
          color={i.status === 'cancelled' ? 'default' : 'primary'}
        />
      </Stack>
      <Typography variant="body2">{i.durationMinutes} minutes</Typography>
      {i.location && <Typography variant="body2">Place: {i.location}</Typography>}
      {i.videoLink && <VideoLink href={i.videoLink} />}
      <Typography variant="body2">Interviewers: {i.interviewers.map((p) => p.name).join(', ')}</Typography>
    </Stack>
  );
}
