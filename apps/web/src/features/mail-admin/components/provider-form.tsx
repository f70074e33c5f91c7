import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { MSG } from '@app/shared/messages';
import type { z } from 'zod';
import { providerForm, type ProviderFormInput } from '@app/shared/schemas/mail';
import { FormTextField } from '../../../ui/admin/form-text-field';
import { MailboxTypeSelect } from './mailbox-type-select';

export type ProviderFormOutput = z.output<typeof providerForm>;
type TextName = 'providerName' | 'host' | 'port' | 'protocol' | 'connectionTimeout' | 'timeout' | 'writeTimeout';

const FIELDS: { name: TextName; label: string; size: number; numeric?: boolean }[] = [
  { name: 'providerName', label: 'Provider Name', size: 6 },
  { name: 'host', label: 'Host', size: 6 },
  { name: 'port', label: 'Port', size: 3, numeric: true },
  { name: 'protocol', label: 'Protocol', size: 3 },
  { name: 'connectionTimeout', label: 'Connection Timeout (ms)', size: 4, numeric: true },
  { name: 'timeout', label: 'Read Timeout (ms)', size: 4, numeric: true },
  { name: 'writeTimeout', label: 'Write Timeout (ms)', size: 4, numeric: true },
];

/**
 * The form of /new-provider and /edit-provider/{id}: numbers are held as
 * text (defaults '5000'), the submit stays disabled while invalid, and an invalid form that was
 * touched says so.
 */
export function ProviderForm({
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
  extraActions,
}: {
  defaultValues: ProviderFormInput;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: ProviderFormOutput) => void;
  extraActions?: ReactNode;
}) {
  const { control, handleSubmit, formState } = useForm<ProviderFormInput, unknown, ProviderFormOutput>({
    resolver: zodResolver(providerForm),
    mode: 'onTouched',
    defaultValues,
  });
  const touched = formState.isSubmitted || Object.keys(formState.touchedFields).length > 0;

  const text = ({ name, label, numeric }: (typeof FIELDS)[number]) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      fullWidth
      slotProps={{ htmlInput: numeric ? { inputMode: 'numeric', pattern: '[0-9]*' } : undefined }}
    />
  );

  const flag = (name: 'auth' | 'starttlsEnable', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              id={name}
              name={field.name}
              checked={field.value}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              slotProps={{ input: { ref: field.ref } }}
            />
          }
        />
      )}
    />
  );

  return (
    <Stack component="form" spacing={3} onSubmit={handleSubmit(onSubmit)} noValidate>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>{text(FIELDS[0]!)}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <MailboxTypeSelect control={control} name="mailboxType" />
        </Grid>
        {FIELDS.slice(1, 4).map((f) => (
          <Grid key={f.name} size={{ xs: 12, sm: f.size }}>
            {text(f)}
          </Grid>
        ))}
        <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
          {flag('auth', 'Authentication required')}
          {flag('starttlsEnable', 'Enable StartTLS')}
        </Grid>
        {FIELDS.slice(4).map((f) => (
          <Grid key={f.name} size={{ xs: 12, sm: f.size }}>
            {text(f)}
          </Grid>
        ))}
      </Grid>
      {touched && !formState.isValid && <Alert severity="warning">{MSG.providerFillRequired}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={pending || !formState.isValid}>
          {submitLabel}
        </Button>
        {extraActions}
      </Stack>
    </Stack>
  );
}
