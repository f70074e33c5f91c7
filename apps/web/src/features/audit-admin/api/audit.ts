import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditFilters, AuditPage } from '@app/shared/schemas/audit';
import type { User } from '@app/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_API } from '@app/shared/api-paths-staff';

export type { AuditFilters };

const queryString = (f: AuditFilters) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

/** GET /api/audit with the screen's filters; the previous page stays shown while the next loads. */
export const auditQuery = (f: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', f],
    queryFn: () => apiFetch<AuditPage>(`${STAFF_API.audit}?${queryString(f)}`),
    placeholderData: keepPreviousData,
  });

/** The staff members the "Person" filter offers. */
export const staffQuery = queryOptions({
  queryKey: ['users'],
  queryFn: () => apiFetch<User[]>(STAFF_API.users),
});
