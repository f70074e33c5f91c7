import { useLoaderData } from 'react-router';
import { Link } from '../../lib/link';
import { usePublic } from '../../lib/language';
import { contentLang } from '../../lib/content-languages';
import { tagPath, ROUTES } from '@app/shared/routes';
import type { Post } from '@app/shared/schemas/posts';
import type { PagePost, PostData } from './posts-route';
import { PostCarousel } from './post-carousel';
import { PostedLine } from './posted-line';
import { LikeButton } from './like-button';
import { useLikeCounts } from './like-counts';
import styles from './posts.module.css';

/** /post/{id}: title, author, date, carousel, full content, tags as chips. */
export function PostPage() {
  const { post } = useLoaderData() as PostData;
  return <PostArticle post={post} />;
}

/**
 * The post as the public page shows it; the back office's full-page preview renders this same
 * component (given by the route composition), without the like button, since a draft cannot be liked.
 */
export function PostArticle({ post, preview = false }: { post: PagePost<Post>; preview?: boolean }) {
  const { locale, texts } = usePublic();
  return (
    <article
      className={`${styles.page} ${styles.detail}`}
      aria-labelledby="post-title"
      lang={contentLang(locale, post)}
    >
      <Link to={ROUTES.posts.path} className={styles.back}>
        {texts.site.backToOverviewArrow}
      </Link>
      <h1 id="post-title" className={styles.detailTitle}>
        {post.name}
      </h1>
      <PostedLine postedBy={post.postedBy} date={post.date} />
      <PostCarousel images={post.postImages} title={post.name} eager />
      {/* Rendered from Markdown and sanitized with an allow list on the server (modules/posts/markdown.ts). */}
      <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: post.html }} />
      {post.tags.length > 0 && (
        <ul className={styles.tags} aria-label={texts.site.tagsLabel}>
          {post.tags.map((t) => (
            <li key={t}>
              <Link to={tagPath(t)} className={styles.chip}>
                {t}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {!preview && (
        <div className={styles.actions}>
          <PostLikes post={post} />
        </div>
      )}
    </article>
  );
}

/** The public page's like button, its count read in the browser (like-counts.ts). */
function PostLikes({ post }: { post: PagePost<Post> }) {
  const counts = useLikeCounts([post]);
  return <LikeButton postId={post.id} likes={counts.get(post.id)} />;
}
