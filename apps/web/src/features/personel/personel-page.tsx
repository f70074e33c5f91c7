import { ROUTES } from '@app/shared/routes';
import { Link as RouterLink } from '../../lib/link';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdminPage } from '../../ui/admin/admin-page';

/** The staff landing page: each button opens a page a ROLE_USER may see (not the admin-only /posts). */
export function PersonelPage() {
  return (
    <AdminPage toolbarTitle="Dashboard Personel" heading="Dashboard Personel">
      <Typography sx={{ mb: 3 }}>Under construction</Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to={ROUTES.interviews.path}>
          Interviews
        </Button>
        <Button variant="contained" component={RouterLink} to={ROUTES.timesheets.path}>
          Timesheets
        </Button>
      </Stack>
    </AdminPage>
  );
}
