import { ROUTES } from '@app/shared/routes';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { Link as RouterLink } from '../../../lib/link';
import Link from '@mui/material/Link';
import { mailHealthQuery } from '../api/mail';

/**
 * "N messages are waiting: no working mailbox", where mail matters (Messages, mailbox overview):
 * visitors were told their message was sent, so staff must learn when it is not on its way.
 * Followed every 15 s while it shows, so it goes away on its own once a delivery works.
 */
export function MailHealthNotice({ linkToMessages = false }: { linkToMessages?: boolean }) {
  const health = useQuery({ ...mailHealthQuery, refetchInterval: (q) => (q.state.data?.notice ? 15_000 : false) });
  if (!health.data?.notice) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} role="status">
      {health.data.notice}
      {linkToMessages && (
        <>
          {' '}
          <Link component={RouterLink} to={ROUTES.messages.path}>
            See the messages
          </Link>
        </>
      )}
    </Alert>
  );
}
