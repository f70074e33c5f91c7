import type { LikeResponse } from '@app/shared/schemas/posts';
import { apiFetch } from '../../../lib/api-client';
import { API, apiPath } from '@app/shared/api-paths';

/** PUT /api/posts/{id}/like (public; apiFetch adds the XSRF header). */
export const likePost = (id: number) => apiFetch<LikeResponse>(apiPath(API.postLike, { id }), { method: 'PUT' });
