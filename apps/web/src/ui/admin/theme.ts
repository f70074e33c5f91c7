import { createTheme } from '@mui/material/styles';

/**
 * The back office in the company's colours (docs/decisions/0150-back-office-look.md): the toolbar
 * is the public site's dark bar with the logo and a brand-red rule; ordinary actions take the
 * site's ink, so that red on a screen means one thing, a destructive action (the error colour).
 */
export const adminTheme = createTheme({
  palette: {
    primary: { main: '#1f2937' },
    // The public site's solid navigation bar (ui/public/nav-bar.module.css).
    secondary: { main: '#16181d' },
    // MUI's own error red, 4.98:1 on white: destructive buttons, failures, invalid fields.
    error: { main: '#d32f2f' },
    // MUI's orange (#ed6c02) is 3.1:1 on white, below AA for the outlined "Sign out everywhere" and
    // "Reset two-factor" buttons' text; this darker amber is 5.0:1.
    warning: { main: '#b45309' },
  },
  // The site's own font (ui/global.css: the system's interface font, nothing downloaded), not MUI's
  // Roboto stack, which no page loads: every field, button and table takes the public pages' text.
  typography: { fontFamily: 'var(--font-body)' },
  shape: { borderRadius: 8 },
  components: {
    // Set apart on a card as well as in colour: a destructive button sits at the far end of the
    // card's actions, away from View and Edit (every list card puts its Delete there).
    // Actions wrap on a phone (a card may carry buttons and a row of translation states); a
    // destructive one sits apart at the far end.
    MuiCardActions: {
      styleOverrides: { root: { flexWrap: 'wrap', rowGap: 4, '& > .MuiButton-colorError': { marginLeft: 'auto' } } },
    },
  },
});
