import { useEffect, useState } from 'react';
import type { LikeCounts } from '@app/shared/schemas/posts';
import { publicGet } from '../../lib/loader-get';
import { API } from '@app/shared/api-paths';

/**
 * The like counts of the posts a page shows, by post id. A server-rendered page carries none: it
 * is one cached copy for every visitor, and a like must not empty it
 * (docs/decisions/0121-like-counts-beside-cached-pages.md). So the counts it lacks are read once it
 * runs, in one small request; after a navigation in the browser the loader's posts have them.
 * A count that could not be read stays blank.
 */
export function useLikeCounts(posts: readonly { id: number; likes?: number | undefined }[]): Map<number, number> {
  // Sorted, so that every visitor of a page asks the one cached address.
  const missing = posts
    .filter((p) => p.likes === undefined)
    .map((p) => p.id)
    .sort((a, b) => a - b)
    .join(',');
  const [read, setRead] = useState<ReadonlyMap<number, number>>(new Map());
  useEffect(() => {
    if (!missing) return;
    let current = true;
    publicGet<LikeCounts>(`${API.postLikes}?ids=${missing}`)
      .then((counts) => {
        if (current) setRead(new Map(counts.map((c) => [c.id, c.likes])));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [missing]);
  const counts = new Map<number, number>();
  for (const p of posts) {
    const likes = p.likes ?? read.get(p.id);
    if (likes !== undefined) counts.set(p.id, likes);
  }
  return counts;
}
