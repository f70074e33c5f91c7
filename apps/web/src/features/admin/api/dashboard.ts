import { queryOptions } from '@tanstack/react-query';
import type { Dashboard, RecruitingDashboard } from '@app/shared/schemas/dashboard';
import type { PostPage } from '@app/shared/schemas/posts';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_API } from '@app/shared/api-paths-staff';

/** GET /api/dashboard: the landing page's figures in one small answer. */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => apiFetch<Dashboard>(STAFF_API.dashboard),
});

/** GET /api/dashboard/recruiting: the pipeline at a glance (staff holding `candidates`). */
export const recruitingQuery = queryOptions({
  queryKey: ['dashboard', 'recruiting'],
  queryFn: () => apiFetch<RecruitingDashboard>(STAFF_API.dashboardRecruiting),
});

/** The newest drafts contributors submitted for review (editors and administrators see them). */
export const forReviewQuery = queryOptions({
  queryKey: ['posts', 'list', 'review', 'dashboard'],
  queryFn: () => apiFetch<PostPage>(`${STAFF_API.postsStaff}?status=review&page=1&pageSize=5`),
});
