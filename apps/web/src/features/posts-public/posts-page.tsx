import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { MSG } from '@app/shared/messages';
import { truncate } from '@app/shared/constants';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import type { PostsData } from './posts-route';
import { PostCarousel } from './post-carousel';
import { PostedLine } from './posted-line';
import { LikeButton } from './like-button';
import styles from './posts.module.css';

/** /post: every post as a card with a 600-character preview. */
export function PostsPage() {
  const { posts, failed } = useLoaderData() as PostsData;
  const [showError, setShowError] = useState(failed);
  return (
    <>
      <PageHeader title="Posts" lead="News and insights from our consultants." />
      <div className={styles.page}>
        {showError && (
          <div role="alert" className={styles.alert}>
            <p>{MSG.postsListFailed}</p>
            <button type="button" className={`${btn.button} ${btn.small}`} onClick={() => setShowError(false)}>
              Ok
            </button>
          </div>
        )}
        {!failed && posts.length === 0 && <p>No posts yet. Please come back soon.</p>}
        <div className={styles.list}>
          {posts.map((post, i) => (
            <article key={post.id} className={styles.card} aria-labelledby={`post-${post.id}`}>
              <h2 id={`post-${post.id}`} className={styles.cardTitle}>
                {post.name}
              </h2>
              <PostedLine postedBy={post.postedBy} date={post.date} />
              <PostCarousel images={post.postImages} title={post.name} eager={i === 0} />
              <p className={styles.preview}>{truncate(post.content)}</p>
              <div className={styles.actions}>
                <Link to={`/post/${post.id}`} className={btn.button} aria-label={`View Post: ${post.name}`}>
                  View Post
                </Link>
                <LikeButton postId={post.id} likes={post.likes} />
              </div>
            </article>
          ))}
        </div>
      </div>
    </>
  );
}
