import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useLogout } from './use-logout';

export interface ToolbarLink {
  label: string;
  to: string;
}

/** The toolbar every staff screen has: a title, its own links, Account security and Log Out. */
export function AdminToolbar({ title, links = [], children }: { title: string; links?: ToolbarLink[]; children?: ReactNode }) {
  const logout = useLogout();
  return (
    <AppBar position="sticky" color="secondary" component="header">
      <Toolbar sx={{ flexWrap: 'wrap', gap: 1, py: 1 }}>
        <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} component="nav" aria-label="Back office">
          {links.map((l) => (
            <Button key={l.to} color="inherit" component={RouterLink} to={l.to}>
              {l.label}
            </Button>
          ))}
          {children}
          <Button color="inherit" component={RouterLink} to="/account-security">
            Account security
          </Button>
          <Button color="inherit" variant="outlined" onClick={() => void logout()}>
            Log Out
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
