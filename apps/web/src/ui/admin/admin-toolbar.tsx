import { ROUTES } from '@app/shared/routes';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from '../../lib/link';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { MenuIcon } from './icons';
import { useLogout } from './use-logout';
import { mayOpen } from '../../lib/guard';

export interface ToolbarLink {
  label: string;
  to: string;
}

/**
 * The toolbar every staff screen has: a title, its own links (those the user's role may open:
 * decision 0145), Profile, Account security and Log Out. From the md breakpoint
 * down (tablets, phones) the actions go into a menu so the bar stays one row: wrapped, the
 * dashboard's nine buttons took three rows and a fifth of a phone's screen.
 * Both forms are in the page and CSS shows one, so nothing jumps when the page first paints.
 * `children` (extra toolbar content) shows in the wide form only.
 */
export function AdminToolbar({
  title,
  links: given = [],
  children,
}: {
  title: string;
  links?: ToolbarLink[];
  children?: ReactNode;
}) {
  const links = given.filter((l) => mayOpen(l.to));
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <AppBar position="sticky" color="secondary" component="header">
      <Toolbar sx={{ gap: 1, py: 1 }}>
        <Typography variant="h6" component="p" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {title}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          sx={{ display: { xs: 'none', md: 'flex' }, flexWrap: 'wrap', rowGap: 1, justifyContent: 'flex-end' }}
          component="nav"
          aria-label="Back office"
        >
          {links.map((l) => (
            <Button key={l.to} color="inherit" component={RouterLink} to={l.to}>
              {l.label}
            </Button>
          ))}
          {children}
          <Button color="inherit" component={RouterLink} to={ROUTES.profile.path}>
            Profile
          </Button>
          <Button color="inherit" component={RouterLink} to={ROUTES.accountSecurity.path}>
            Account security
          </Button>
          <Button color="inherit" variant="outlined" onClick={() => void logout()}>
            Log Out
          </Button>
        </Stack>
        <IconButton
          color="inherit"
          edge="end"
          aria-label="Menu"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          aria-controls={anchor ? 'admin-toolbar-menu' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Menu id="admin-toolbar-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
          {links.map((l) => (
            <MenuItem key={l.to} component={RouterLink} to={l.to} onClick={close}>
              {l.label}
            </MenuItem>
          ))}
          <MenuItem component={RouterLink} to={ROUTES.profile.path} onClick={close}>
            Profile
          </MenuItem>
          <MenuItem component={RouterLink} to={ROUTES.accountSecurity.path} onClick={close}>
            Account security
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              void logout();
            }}
          >
            Log Out
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
