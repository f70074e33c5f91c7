import { ROUTES } from '@app/shared/routes';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Link } from '../lib/link';

/** Last line of defence: an unexpected error shows a calm page instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main style={{ maxWidth: 640, margin: '6rem auto', padding: '0 1rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{status === 404 ? 'The page you asked for does not exist.' : 'Please try again in a moment.'}</p>
      <p>
        <Link to={ROUTES.home.path}>Back to the home page</Link>
      </p>
    </main>
  );
}
