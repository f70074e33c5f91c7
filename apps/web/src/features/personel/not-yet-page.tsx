import { ROUTES } from '@app/shared/routes';
import { Link as RouterLink } from '../../lib/link';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AdminPage } from '../../ui/admin/admin-page';

/**
 * A personnel page whose tool does not exist yet. It says so plainly, and where to go meanwhile,
 * rather than sending a ROLE_USER to a screen that refuses them.
 */
export function NotYetPage({ heading, what, meanwhile }: { heading: string; what: string; meanwhile: string }) {
  return (
    <AdminPage
      toolbarTitle="Dashboard Personel"
      heading={heading}
      links={[{ label: 'Back to Dashboard', to: ROUTES.personel.path }]}
      maxWidth="md"
    >
      <Alert severity="info" sx={{ mb: 3 }}>
        {what}
      </Alert>
      <Typography sx={{ mb: 3 }}>{meanwhile}</Typography>
      <Button variant="outlined" component={RouterLink} to={ROUTES.personel.path}>
        Back to Dashboard
      </Button>
    </AdminPage>
  );
}
