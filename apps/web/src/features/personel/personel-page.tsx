import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AdminPage } from '../../ui/admin/admin-page';

export function PersonelPage() {
  return (
    <AdminPage toolbarTitle="Dashboard Personel" heading="Dashboard Personel">
      <Typography sx={{ mb: 3 }}>Under construction</Typography>
      <Stack direction="row" spacing={2}>
        <Button variant="contained" component={RouterLink} to="/posts">
          Interviews
        </Button>
        <Button variant="contained" component={RouterLink} to="/posts">
          Timesheets
        </Button>
      </Stack>
    </AdminPage>
  );
}
