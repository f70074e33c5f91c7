import { useState } from 'react';
import { likePost } from './api/like';
import { useText } from '../../lib/language';
import styles from './posts.module.css';

/**
 * The like button with its count; the server counts one like per visitor. `likes` is undefined
 * until the page has read it (like-counts.ts): its place is kept, so nothing moves when it comes.
 */
export function LikeButton({ postId, likes }: { postId: number; likes: number | undefined }) {
  const t = useText();
  const [own, setOwn] = useState<number>();
  const count = own ?? likes;
  const [liked, setLiked] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  const like = async () => {
    setPending(true);
    setFailed(false);
    try {
      const res = await likePost(postId);
      setOwn(res.likes);
      setLiked(true);
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <span className={styles.likeWrap}>
      {/* Not aria-pressed: every press is another like (docs/behaviour/posts.md), not an on/off
          toggle, so "Liked" and the count say what happened. */}
      <button type="button" className={styles.like} onClick={like} disabled={pending} data-liked={liked}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
            fill={liked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        {liked ? t('liked') : t('like')}
        <span className={styles.likeCount} data-testid="like-count">
          {count}
        </span>
      </button>
      {failed && (
        <span role="alert" className={styles.likeError}>
          {t('likeFailed')}
        </span>
      )}
    </span>
  );
}
