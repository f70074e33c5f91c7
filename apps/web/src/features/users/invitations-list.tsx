import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ACCOUNT_LINKS_MSG } from '@app/shared/messages/account-links';
import { USER_NOTICE_MS } from '@app/shared/constants';
import type { Invitation } from '@app/shared/schemas/account-links';
import { useConfirm } from '../../ui/admin/confirm-dialog';
import { EmailText } from '../../ui/admin/email-text';
import { useNotify } from '../../ui/admin/notify';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/dates';
import { invitationsQuery, useResendInvitation, useWithdrawInvitation } from './api/invitations';

/** The invitations not accepted yet, as cards beside the users': their state, resend and withdraw. */
export function InvitationsList() {
  const invitations = useQuery(invitationsQuery);
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const notify = useNotify();
  const [confirm, dialog] = useConfirm();

  const failed = (err: unknown) =>
    notify(
      err instanceof ApiError && err.status !== 0 ? err.message : ACCOUNT_LINKS_MSG.invitationFailed,
      'error',
      USER_NOTICE_MS,
    );
  const onResend = (i: Invitation) =>
    resend.mutate(i.id, { onSuccess: (r) => notify(r.message, 'success', USER_NOTICE_MS), onError: failed });
  const onWithdraw = async (i: Invitation) => {
    if (
      !(await confirm({
        title: 'Withdraw invitation',
        text: ACCOUNT_LINKS_MSG.confirmWithdrawInvitation(i.email),
        confirmLabel: 'Withdraw',
      }))
    )
      return;
    withdraw.mutate(i.id, { onSuccess: (r) => notify(r.message, 'success', USER_NOTICE_MS), onError: failed });
  };

  if (invitations.isError) return <Alert severity="error">{ACCOUNT_LINKS_MSG.invitationsLoadFailed}</Alert>;
  if (!invitations.data?.length) return null;
  return (
    <section aria-labelledby="invitations-heading">
      {dialog}
      <Typography variant="h5" component="h2" id="invitations-heading" sx={{ mt: 2, mb: 1 }}>
        Invitations
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0 }}>
        {invitations.data.map((i) => (
          <Grid key={i.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }} aria-label={i.email}>
              <CardContent>
                <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  <EmailText email={i.email} />
                </Typography>
                <Typography color="text.secondary">{i.role}</Typography>
                <Typography color={i.expired ? 'error' : 'text.secondary'}>
                  {i.expired
                    ? ACCOUNT_LINKS_MSG.invitationExpiredState
                    : ACCOUNT_LINKS_MSG.invitedState(formatDate(i.expiresAt))}
                </Typography>
              </CardContent>
              <CardActions>
                <Button onClick={() => onResend(i)} disabled={resend.isPending && resend.variables === i.id}>
                  Resend
                </Button>
                <Button
                  color="error"
                  onClick={() => void onWithdraw(i)}
                  disabled={withdraw.isPending && withdraw.variables === i.id}
                >
                  Withdraw
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
