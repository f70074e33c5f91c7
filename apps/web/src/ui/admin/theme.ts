import { createTheme } from '@mui/material/styles';

export const adminTheme = createTheme({
  palette: {
    // A darker shade of the brand red keeps white text above 4.5:1 contrast.
    primary: { main: '#b71f1d' },
    secondary: { main: '#1f2937' },
  },
  shape: { borderRadius: 8 },
});
