import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from '../../lib/link';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { sessionCan } from '../../lib/guard';
import { ROUTES } from '@app/shared/routes';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { twoFactorCode } from '@app/shared/schemas/auth';
import type { TwoFactorSetupResponse } from '@app/shared/schemas/auth';
import { AdminPage } from '../../ui/admin/admin-page';
import { ConfirmButton } from '../../ui/admin/confirm-button';
import { Loading } from '../../ui/admin/loading';
import { useNotify } from '../../ui/admin/notify';
import { endSession, serverReason } from '../../lib/api-client';
import {
  twoFactorStatusQuery,
  useSignOutEverywhere,
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
} from './api/account';
import { QrCode } from './qr-code';

/** A code field checked with the shared rule before it is sent. */
function CodeForm({
  label,
  submitLabel,
  busy,
  onCode,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  onCode: (code: string) => Promise<string | undefined>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = twoFactorCode.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(await onCode(parsed.data));
  };
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <TextField
        id="code"
        label={label}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        error={!!error}
        helperText={error}
        required
      />
      <Box>
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}

/** Every signed-in staff member's own security: two-factor sign-in, sessions, password. */
export function AccountSecurityPage() {
  const status = useQuery(twoFactorStatusQuery);
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const disable = useTwoFactorDisable();
  const signOutEverywhere = useSignOutEverywhere();
  const notify = useNotify();
  const [pending, setPending] = useState<TwoFactorSetupResponse>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();

  const startSetup = () =>
    setup.mutate(undefined, {
      onSuccess: setPending,
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });

  const turnOn = async (code: string) => {
    try {
      const res = await enable.mutateAsync(code);
      setPending(undefined);
      setRecoveryCodes(res.recoveryCodes);
      notify(STAFF_MSG.twoFactorEnabled, 'success');
      return undefined;
    } catch (err) {
      return serverReason(err) ?? MSG.networkError;
    }
  };

  const turnOff = async (code: string) => {
    try {
      await disable.mutateAsync(code);
      notify(STAFF_MSG.twoFactorDisabled, 'success');
      return undefined;
    } catch (err) {
      return serverReason(err) ?? MSG.networkError;
    }
  };

  const everywhere = () =>
    signOutEverywhere.mutate(undefined, {
      // This session went too: say so on the login page rather than at the next refused call.
      onSuccess: () => endSession(STAFF_MSG.ownSignedOutEverywhere),
      onError: (err) => notify(serverReason(err) ?? MSG.networkError, 'error'),
    });

  const s = status.data;
  return (
    <AdminPage
      toolbarTitle="Account"
      heading="Account security"
      links={[{ label: 'Back to Dashboard', to: sessionCan('dashboard') ? ROUTES.admin.path : ROUTES.personel.path }]}
      maxWidth="md"
    >
      <Stack spacing={4}>
        <section aria-labelledby="two-factor-heading">
          <Typography id="two-factor-heading" variant="h5" component="h2" gutterBottom>
            Two-factor sign-in
          </Typography>
          {status.isPending && <Loading label="Loading..." />}
          {status.isError && <Alert severity="error">{serverReason(status.error) ?? MSG.networkError}</Alert>}
          {s && s.required && !s.enabled && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {STAFF_MSG.twoFactorSetupRequired}
            </Alert>
          )}
          {recoveryCodes && (
            <Alert severity="success" sx={{ mb: 2 }}>
              <Typography gutterBottom>
                Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once when your
                authenticator app is not at hand. They are not shown again.
              </Typography>
              <Box component="ul" aria-label="Recovery codes" sx={{ fontFamily: 'monospace', columns: 2, pl: 3 }}>
                {recoveryCodes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
              <Button onClick={() => setRecoveryCodes(undefined)}>I have saved them</Button>
            </Alert>
          )}
          {s && s.enabled && !recoveryCodes && (
            <Stack spacing={2}>
              <Typography>
                Two-factor sign-in is on: after your password, sign-in asks for the code of your authenticator app.{' '}
                {s.recoveryCodesLeft === 1 ? '1 recovery code left.' : `${s.recoveryCodesLeft} recovery codes left.`}
              </Typography>
              {s.required ? (
                <Typography color="text.secondary">{STAFF_MSG.twoFactorRequiredForAdmins}</Typography>
              ) : (
                <>
                  <Typography>To turn it off, enter a code from your app or a recovery code.</Typography>
                  <CodeForm label="Code" submitLabel="Turn off two-factor" busy={disable.isPending} onCode={turnOff} />
                </>
              )}
            </Stack>
          )}
          {s && !s.enabled && !pending && (
            <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
              <Typography>
                Two-factor sign-in is off. With it on, sign-in also asks for a code from an authenticator app on your
                phone.
              </Typography>
              <Button variant="contained" onClick={startSetup} disabled={setup.isPending}>
                Set up two-factor sign-in
              </Button>
            </Stack>
          )}
          {s && !s.enabled && pending && (
            <Stack spacing={2}>
              <Typography>1. Scan this QR code with your authenticator app.</Typography>
              <QrCode text={pending.otpauthUrl} />
              <Typography>
                Or type this key into the app:{' '}
                <Box
                  component="code"
                  data-testid="totp-secret"
                  sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {pending.secret}
                </Box>
              </Typography>
              <Typography>2. Enter the 6-digit code the app shows.</Typography>
              <CodeForm
                label="Code from the app"
                submitLabel="Turn on two-factor"
                busy={enable.isPending}
                onCode={turnOn}
              />
            </Stack>
          )}
        </section>

        <section aria-labelledby="sessions-heading">
          <Typography id="sessions-heading" variant="h5" component="h2" gutterBottom>
            Sessions
          </Typography>
          <Typography gutterBottom>
            Signed in on a computer you no longer use? End every session of your account, this one too.
          </Typography>
          <ConfirmButton
            label="Sign out everywhere"
            title="Sign out everywhere?"
            question="Every session of your account ends, on every device, this one included. You sign in again afterwards."
            confirmLabel="Sign out everywhere"
            color="warning"
            disabled={signOutEverywhere.isPending}
            onConfirm={everywhere}
          />
        </section>

        <section aria-labelledby="password-heading">
          <Typography id="password-heading" variant="h5" component="h2" gutterBottom>
            Password
          </Typography>
          <Button variant="outlined" component={RouterLink} to={ROUTES.changePassword.path}>
            Change password
          </Button>
        </section>
      </Stack>
    </AdminPage>
  );
}
