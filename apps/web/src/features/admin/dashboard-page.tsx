import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { AdminPage } from '../../ui/admin/admin-page';
import { adminNavigation } from './navigation';

export function DashboardPage() {
  return (
    <AdminPage toolbarTitle="Site Management" heading="Managing the site" links={adminNavigation}>
      <Alert severity="warning" sx={{ my: 3 }}>
        Only authorized persons may enter this part of the site. Every action is logged.
      </Alert>
      <Typography component="footer" variant="body2" color="text.secondary" sx={{ mt: 6 }}>
        © {new Date().getFullYear()} Redwall. All rights reserved.
      </Typography>
    </AdminPage>
  );
}
