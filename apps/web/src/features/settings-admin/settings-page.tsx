import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RETENTION_DAYS_DEFAULT } from '@app/shared/constants';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import { ROUTES } from '@app/shared/routes';
import { siteSettingsForm, type SiteSettingsForm, type SiteSettingsInput } from '@app/shared/schemas/content';
import { MSG } from '@app/shared/messages';
import { AdminPage } from '../../ui/admin/admin-page';
import { FormTextField, type FormTextFieldProps } from '../../ui/admin/form-text-field';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../lib/api-client';
import { settingsQuery, useSaveSettings } from './api/settings';

type Values = SiteSettingsForm;
type Output = SiteSettingsInput;

const blankEntity = { legalName: '', address: '', website: '', registrationNumber: '', email: '', phone: '' };
const blank: Values = {
  companyName: '',
  address: '',
  phone: '',
  socialUrl: '',
  foundedOn: '',
  contactRecipients: '',
  entities: [blankEntity, blankEntity],
  confirmationEnabled: true,
  confirmationText: SITE_DEFAULT_MSG.confirmationTextDefault,
  retentionDays: RETENTION_DAYS_DEFAULT,
};

/** The typed days as a number; anything else fails the schema's check with its message. */
const toDays = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const ENTITY_FIELDS = [
  ['legalName', 'Legal Name'],
  ['address', 'Address'],
  ['website', 'Website'],
  ['registrationNumber', 'Registration Number'],
  ['email', 'Email'],
  ['phone', 'Phone'],
] as const;

/**
 * The company identity shown in the footer, on /about and in structured data (beyond the
 * original screens). The public pages read it on their next request.
 */
export function SettingsPage() {
  const settings = useQuery(settingsQuery);
  // Nothing stored yet (404): start from blank fields, the save creates the settings.
  const missing = settings.error instanceof ApiError && settings.error.status === 404;

  return (
    <AdminPage
      toolbarTitle="Site Management"
      heading="Site Settings"
      links={[{ label: 'Back to Dashboard', to: ROUTES.admin.path }]}
      maxWidth="md"
    >
      {settings.isPending && <Loading label="Loading settings..." />}
      {settings.isError && !missing && <Alert severity="error">{settings.error.message}</Alert>}
      {(settings.isSuccess || missing) && <SettingsForm initial={settings.data ?? blank} />}
    </AdminPage>
  );
}

function SettingsForm({ initial }: { initial: Values }) {
  const save = useSaveSettings();
  const notify = useNotify();
  const [failure, setFailure] = useState<string>();
  const { control, handleSubmit, reset, setError, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(siteSettingsForm),
    mode: 'onTouched',
    defaultValues: initial,
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(undefined);
    save.mutate(values, {
      onSuccess: (saved) => {
        notify(MSG.settingsUpdated);
        reset(saved);
      },
      onError: (err) => {
        const fieldErrors = err instanceof ApiError ? (err.errors ?? []) : [];
        // The server's field paths ('entities.0.email') are the form's own names.
        for (const e of fieldErrors) setError(e.field as FieldPath<Values>, { type: 'server', message: e.message });
        setFailure(err.message);
      },
    });
  });

  return (
    <Stack component="form" spacing={3} onSubmit={onSubmit} noValidate aria-label="Site settings">
      <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography variant="h6" component="legend">
          Company
        </Typography>
        <Text control={control} name="companyName" label="Company Name" required />
        <Text control={control} name="address" label="Address" required />
        <Text control={control} name="phone" label="Phone" required />
        <Text
          control={control}
          name="socialUrl"
          label="Social Link"
          required
          helperText="The page the footer logo opens, e.g. https://www.linkedin.com/company/…"
        />
        <Text
          control={control}
          name="foundedOn"
          label="Founding Date"
          required
          helperText="Shown as written, e.g. September 2010."
        />
        <Text
          control={control}
          name="contactRecipients"
          label="Contact Recipients"
          helperText="E-mail addresses that receive contact mail, separated by commas. Leave empty to send it to the active mailbox's own address."
        />
      </Stack>
      <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography variant="h6" component="legend">
          Confirmation to the Visitor
        </Typography>
        <Controller
          name="confirmationEnabled"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              label="Send a confirmation to whoever sends a message or applies"
              control={
                <Checkbox
                  id="confirmationEnabled"
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
        <Text
          control={control}
          name="confirmationText"
          label="Confirmation Text"
          required
          multiline
          minRows={3}
          helperText="The mail's text. An applicant also sees the vacancy's title; nothing the visitor wrote is repeated."
        />
      </Stack>
      <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography variant="h6" component="legend">
          Privacy
        </Typography>
        <Text
          control={control}
          name="retentionDays"
          label="Retention Period (days)"
          type="number"
          parse={toDays}
          required
          helperText="Contact messages and their CVs are erased this many days after they arrive."
        />
        <Text
          control={control}
          name="privacyText"
          label="Privacy Notice"
          multiline
          minRows={4}
          helperText="The text of the /privacy page. {days} shows the retention period, {months} how many months candidates are kept (CANDIDATE_RETENTION_MONTHS)."
        />
      </Stack>
      <Grid container spacing={3}>
        {([0, 1] as const).map((i) => (
          <Grid key={i} size={{ xs: 12, md: 6 }}>
            <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography variant="h6" component="legend">
                Legal Entity {i + 1}
              </Typography>
              {ENTITY_FIELDS.map(([key, label]) => (
                <Text
                  key={key}
                  control={control}
                  name={`entities.${i}.${key}`}
                  label={label}
                  required
                  // Entity fields share labels (their fieldset's legend tells them apart), so their ids carry the entity.
                  id={`entity${i + 1}-${key}`}
                />
              ))}
            </Stack>
          </Grid>
        ))}
      </Grid>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={save.isPending || !formState.isValid}
        sx={{ alignSelf: 'flex-start' }}
      >
        Save Settings
      </Button>
    </Stack>
  );
}

/**
 * A field's message. The recipients are checked one address at a time, so their error sits on an
 * item ('contactRecipients.1') under the one text field: show the first such message.
 */
function errorText(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 2) return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  // 'ref' is the input element: never walk into the DOM.
  for (const [key, nested] of Object.entries(error)) {
    const text = key === 'ref' ? undefined : errorText(nested, depth + 1);
    if (text) return text;
  }
  return undefined;
}

/** Every settings field: full width, its message found by errorText. */
function Text(props: FormTextFieldProps<Values, Output>) {
  return <FormTextField {...props} fullWidth errorText={errorText} />;
}
