import { Controller, type Control, type UseFormSetValue } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { copyFromProvider, type MailboxFormInput, type MailboxRequest, type Provider } from '@app/shared/schemas/mail';
import { FormTextField } from '../../../ui/admin/form-text-field';
import { MailboxTypeSelect } from './mailbox-type-select';

export type MailboxControl = Control<MailboxFormInput, unknown, MailboxRequest>;

type NumberName = 'port' | 'connectionTimeout' | 'timeout' | 'writeTimeout';
type FlagName = 'auth' | 'starttlsEnable' | 'active';

/** An emptied number field holds no value (undefined), not 0. */
const toNumber = (text: string) => (text === '' ? undefined : Number(text));

/** Copies the chosen provider's connection settings into the form. */
export function applyProvider(setValue: UseFormSetValue<MailboxFormInput>, provider: Partial<Provider>) {
  for (const [name, value] of Object.entries(copyFromProvider(provider)))
    setValue(name as keyof ReturnType<typeof copyFromProvider>, value, { shouldValidate: true, shouldDirty: true });
}

/**
 * The fields of /new-mailbox and /edit-mailbox/{id}. On create, `locked` shows the
 * provider's settings disabled; they stay in the form values (not RHF-disabled) so they are sent.
 */
export function MailboxFields({
  control,
  providers,
  locked,
  passwordHelp,
  onProviderChange,
}: {
  control: MailboxControl;
  providers: Provider[];
  locked: boolean;
  passwordHelp?: string;
  onProviderChange: (provider: Provider) => void;
}) {
  const text = (
    name: 'username' | 'password' | 'host' | 'protocol',
    label: string,
    opts: { required?: boolean; disabled?: boolean; type?: string; help?: string; autoComplete?: string } = {},
  ) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type={opts.type}
      autoComplete={opts.autoComplete}
      required={opts.required}
      disabled={opts.disabled}
      fullWidth
      helperText={opts.help}
    />
  );

  const number = (name: NumberName, label: string, required = false) => (
    <FormTextField
      control={control}
      name={name}
      parse={toNumber}
      label={label}
      type="number"
      required={required}
      disabled={locked}
      fullWidth
    />
  );

  const flag = (name: FlagName, label: string, disabled: boolean) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              id={name}
              name={field.name}
              checked={!!field.value}
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
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="providerId"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              // MUI's select warns about a value without an option: 0 (none yet) shows empty.
              value={providers.some((p) => p.id === field.value) ? field.value : ''}
              onChange={(e) => {
                const provider = providers.find((p) => p.id === Number(e.target.value));
                field.onChange(Number(e.target.value));
                if (provider) onProviderChange(provider);
              }}
              id="providerId"
              select
              label="Provider"
              required
              fullWidth
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            >
              {providers.map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.providerName}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <MailboxTypeSelect control={control} name="type" />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('username', 'Username', { autoComplete: 'off' })}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        {text('password', 'Password', { type: 'password', autoComplete: 'new-password', help: passwordHelp })}
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{text('host', 'Host', { required: true, disabled: locked })}</Grid>
      <Grid size={{ xs: 6, sm: 3 }}>{number('port', 'Port', true)}</Grid>
      <Grid size={{ xs: 6, sm: 3 }}>{text('protocol', 'Protocol', { disabled: locked })}</Grid>
      <Grid size={12} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        {flag('auth', 'Authentication required', locked)}
        {flag('starttlsEnable', 'Enable StartTLS', locked)}
        {flag('active', 'Set as Active Mailbox', false)}
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{number('connectionTimeout', 'Connection Timeout (ms)')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{number('timeout', 'Timeout (ms)')}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{number('writeTimeout', 'Write Timeout (ms)')}</Grid>
    </Grid>
  );
}
