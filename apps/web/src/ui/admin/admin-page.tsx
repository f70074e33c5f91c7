import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { AdminToolbar, type ToolbarLink } from './admin-toolbar';

/** Layout of a staff screen: toolbar, a page heading, content. */
export function AdminPage({
  toolbarTitle,
  heading,
  links,
  toolbarExtra,
  children,
  maxWidth = 'lg',
}: {
  toolbarTitle: string;
  heading: string;
  links?: ToolbarLink[];
  toolbarExtra?: ReactNode;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <>
      <AdminToolbar title={toolbarTitle} links={links}>
        {toolbarExtra}
      </AdminToolbar>
      <Container component="main" id="main" maxWidth={maxWidth} sx={{ py: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {heading}
        </Typography>
        {children}
      </Container>
    </>
  );
}
