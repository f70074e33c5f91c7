import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { toBrusselsLocal } from '@app/shared/brussels';
import { MSG } from '@app/shared/messages';
import {
  interviewForm,
  type Interview,
  type InterviewFormInput,
  type InterviewFormValues,
} from '@app/shared/schemas/candidates';
import { ApiError, serverReason } from '../../lib/api-client';
import { FormTextField } from '../../ui/admin/form-text-field';
import { interviewerChoicesQuery, type InterviewBody } from './api/interviews';

const FIELDS = ['startsAt', 'durationMinutes', 'location', 'videoLink', 'interviewerIds'] as const;
type Field = (typeof FIELDS)[number];

const blank: InterviewFormInput = {
  startsAt: '',
  durationMinutes: 60,
  location: '',
  videoLink: '',
  interviewerIds: [],
};

/** The form's values for an interview being moved: its time as Brussels wall-clock time. */
const valuesOf = (i: Interview): InterviewFormInput => ({
  startsAt: toBrusselsLocal(i.startsAt),
  durationMinutes: i.durationMinutes,
  location: i.location,
  videoLink: i.videoLink ?? '',
  interviewerIds: i.interviewers.map((p) => p.userId),
});

/**
 * Scheduling an interview, or moving one (`interview` given: the form starts from it): validated
 * with the shared interviewForm schema, the server's field errors shown at their fields.
 */
export function InterviewFormDialog({
  open,
  interview,
  pending,
  onClose,
  onSubmit,
}: {
  open: boolean;
  interview?: Interview;
  pending: boolean;
  onClose: () => void;
  /** Resolves when saved; rejects with the server's refusal. */
  onSubmit: (body: InterviewBody) => Promise<unknown>;
}) {
  const choices = useQuery({ ...interviewerChoicesQuery, enabled: open });
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, reset, setError } = useForm<InterviewFormInput, unknown, InterviewFormValues>({
    resolver: zodResolver(interviewForm),
    mode: 'onTouched',
    defaultValues: blank,
  });
  useEffect(() => {
    if (open) {
      reset(interview ? valuesOf(interview) : blank);
      setFailure(undefined);
    }
  }, [open, interview, reset]);

  const submit = handleSubmit(async (v) => {
    setFailure(undefined);
    try {
      await onSubmit({ ...v, interviewerIds: v.interviewerIds });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.errors ?? []) : [];
      const placed = fields.filter((f) => (FIELDS as readonly string[]).includes(f.field));
      for (const f of placed) setError(f.field as Field, { message: f.message });
      if (!placed.length) setFailure(serverReason(err) ?? MSG.networkError);
    }
  });

  const title = interview ? 'Reschedule interview' : 'Schedule interview';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="interview-form-title">
      <DialogTitle id="interview-form-title">{title}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="interview-form" spacing={2} sx={{ pt: 1 }} onSubmit={submit} noValidate>
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField
            control={control}
            name="startsAt"
            id="interview-startsAt"
            type="datetime-local"
            label="Date and time (Brussels time)"
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={control}
            name="durationMinutes"
            id="interview-duration"
            type="number"
            label="Duration (minutes)"
            required
            slotProps={{ htmlInput: { min: 15, max: 480, step: 15 } }}
          />
          <FormTextField control={control} name="location" id="interview-location" label="Place" />
          <FormTextField
            control={control}
            name="videoLink"
            id="interview-videoLink"
            label="Video link"
            placeholder="https://"
            helperText="A place, a video link or both."
          />
          <Controller
            name="interviewerIds"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                id="interview-interviewers"
                label="Interviewers"
                required
                value={(field.value as number[] | undefined) ?? []}
                onChange={(e) => {
                  const value = e.target.value as unknown as (number | string)[] | string;
                  field.onChange((typeof value === 'string' ? value.split(',') : value).map(Number));
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message ??
                  (choices.isError ? 'The staff list could not be loaded.' : 'Each is mailed a calendar invitation.')
                }
                slotProps={{
                  select: {
                    multiple: true,
                    renderValue: (selected) =>
                      (selected as number[])
                        .map((id) => choices.data?.find((c) => c.id === id)?.name ?? `#${id}`)
                        .join(', '),
                  },
                }}
              >
                {(choices.data ?? []).map((c) => (
                  <MenuItem key={c.id} value={c.id}>
                    {c.name} ({c.email})
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button type="submit" form="interview-form" variant="contained" disabled={pending}>
          {interview ? 'Save and notify' : 'Schedule and notify'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
