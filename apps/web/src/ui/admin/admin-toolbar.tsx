import { BRAND_RED } from '@app/shared/constants';
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
import Box from '@mui/material/Box';
import { LogoMark } from '../public/logo-mark';
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
 * `children` (extra toolbar content) shows in the wide form only. The bar is the public site's dark
 * one with the company's mark and a rule in the brand red (decision 0150).
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
    <AppBar
      position="sticky"
      color="secondary"
      component="header"
      elevation={0}
      sx={{ borderBottom: `4px solid ${BRAND_RED}` }}
    >
      <Toolbar sx={{ gap: 1.5, py: 1 }}>
        <Box role="img" aria-label="Redwall" sx={{ display: 'flex', flexShrink: 0 }}>
          <LogoMark size={32} />
        </Box>
        {/* Whole beside the wide form's links (they wrap instead); cut short beside the phone's menu button. */}
        <Typography
          variant="h6"
          component="p"
          noWrap
          sx={{ flexGrow: 1, flexShrink: { xs: 1, md: 0 }, minWidth: 0, fontWeight: 700 }}
        >
          {title}
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ display: { xs: 'none', md: 'flex' }, flexWrap: 'wrap', justifyContent: 'flex-end' }}
          component="nav"
          aria-label="Back office"
        >
          {links.map((l) => (
            // Small: the dashboard's ten actions fit one row on a laptop's screen.
            <Button key={l.to} size="small" color="inherit" component={RouterLink} to={l.to}>
              {l.label}
            </Button>
          ))}
          {children}
          <Button size="small" color="inherit" component={RouterLink} to={ROUTES.profile.path}>
            Profile
          </Button>
          <Button size="small" color="inherit" component={RouterLink} to={ROUTES.accountSecurity.path}>
            Account security
          </Button>
          <Button size="small" color="inherit" variant="outlined" onClick={() => void logout()}>
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
