import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderGet } from '../../app/api-client';
import { SITE_NAME, type RouteHandle } from '../../app/meta';

interface HomeData {
  masthead: { mastheadTitle?: string; mastheadBody?: string } | null;
}

export async function homeLoader({ context }: LoaderFunctionArgs): Promise<HomeData> {
  const masthead = await loaderGet<HomeData['masthead']>('/masthead', context).catch(() => null);
  return { masthead };
}

export const homeHandle: RouteHandle = {
  meta: () => ({
    title: SITE_NAME,
    description: 'Java, J2EE, JavaScript and PKI consulting, digital signatures, BC/DR and security scans from Antwerp.',
    path: '/',
  }),
};

export function HomePage() {
  const { masthead } = useLoaderData() as HomeData;
  return (
    <section>
      <h1>{masthead?.mastheadTitle ?? SITE_NAME}</h1>
      {masthead?.mastheadBody && <p>{masthead.mastheadBody}</p>}
    </section>
  );
}
