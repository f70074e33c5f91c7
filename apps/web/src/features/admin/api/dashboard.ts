import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@app/shared/schemas/dashboard';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_API } from '@app/shared/api-paths-staff';

/** GET /api/dashboard: the landing page's figures in one small answer. */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => apiFetch<Dashboard>(STAFF_API.dashboard),
});
