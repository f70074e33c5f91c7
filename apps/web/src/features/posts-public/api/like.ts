import type { LikeResponse } from '@app/shared/schemas/posts';
import { apiFetch } from '../../../lib/api-client';

/** PUT /api/posts/{id}/like (public; apiFetch adds the XSRF header). */
export const likePost = (id: number) => apiFetch<LikeResponse>(`/posts/${id}/like`, { method: 'PUT' });
