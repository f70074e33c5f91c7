import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import { Link } from '../../lib/link';
import { LOCALE_TABLE } from '@app/shared/locales';
import { localizeHref, usePublic, useText } from '../../lib/language';
import { formatNumber } from '../../ui/public/format';
import { postPath, tagPath, ROUTES } from '@app/shared/routes';
import type { PostListItem } from '@app/shared/schemas/posts';
import { PageHeader } from '../../ui/public/page-header';
import btn from '../../ui/public/button.module.css';
import type { PagePost, PostsData } from './posts-route';
import { PostCarousel } from './post-carousel';
import { PostedLine } from './posted-line';
import { LikeButton } from './like-button';
import { useLikeCounts } from './like-counts';
import styles from './posts.module.css';

/** A search hit's snippet: the matched words marked, everything shown as text (never as HTML). */
function Highlight({ post }: { post: PagePost<PostListItem> }) {
  if (!post.highlight) return <p className={styles.preview}>{post.preview}</p>;
  return (
    <p className={styles.preview}>
      {post.highlight.map((part, i) =>
        part.match ? (
          <mark key={i} className={styles.match}>
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * The pages the pager links: the first, the last and two either side of this one, 0 for the gaps
 * between (a gap of one page shows that page). A blog of years has hundreds of pages: linking every
 * one made a deep page 118 KB of HTML and most of its render.
 */
function pageLinks(page: number, pages: number): number[] {
  const links: number[] = [];
  for (const n of [1, page - 2, page - 1, page, page + 1, page + 2, pages]) {
    const last = links.at(-1) ?? 0;
    if (n > last && n <= pages) {
      if (last && n > last + 1) links.push(n > last + 2 ? 0 : last + 1);
      links.push(n);
    }
  }
  return links;
}

/** /post, /post?page=N, /post?q=words and /tag/{tag}: 10 posts a page as cards with a 600-character preview. */
export function PostsPage() {
  const { posts, failed, page, pageSize, total, more, q, tag } = useLoaderData() as PostsData;
  const navigate = useNavigate();
  const likes = useLikeCounts(posts);
  const [showError, setShowError] = useState(failed);
  const { locale, texts } = usePublic();
  const t = useText();
  const pages = Math.ceil(total / pageSize);
  const base = tag ? tagPath(tag) : ROUTES.posts.path;
  const pageUrl = (n: number) => {
    const query = new URLSearchParams({ ...(q ? { q } : {}), ...(n > 1 ? { page: String(n) } : {}) }).toString();
    return query ? `${base}?${query}` : base;
  };
  return (
    <>
      <PageHeader
        title={tag ? t('postsTaggedHeading', { tag }) : t('postsHeading')}
        lead={tag ? t('postsTaggedLead') : t('postsLead')}
      />
      <div className={styles.page}>
        {!tag && (
          <form
            method="get"
            action={localizeHref(locale, ROUTES.posts.path)}
            role="search"
            className={styles.search}
            onSubmit={(e) => {
              // The address the browser's own GET would open, reached without a page load. A plain
              // form rather than React Router's <Form>, which would bring its form-submission code
              // into every page's first load (docs/decisions/0105-first-load-under-react-router-8.md).
              e.preventDefault();
              const words = new FormData(e.currentTarget).get('q');
              void navigate(
                localizeHref(
                  locale,
                  `${ROUTES.posts.path}?${new URLSearchParams({ q: typeof words === 'string' ? words : '' }).toString()}`,
                ),
              );
            }}
          >
            <input
              id="post-search"
              name="q"
              type="search"
              aria-label={t('searchPosts')}
              defaultValue={q ?? ''}
              maxLength={200}
              placeholder={t('searchPosts')}
            />
            <button type="submit" className={`${btn.button} ${btn.small}`}>
              {t('search')}
            </button>
          </form>
        )}
        {tag && (
          <p>
            <Link to={ROUTES.posts.path}>{t('allPosts')}</Link> ·{' '}
            {/* eslint-disable-next-line no-restricted-syntax -- the RSS feed is served by the server, not a page of the route table */}
            <a href={`/rss.xml?tag=${encodeURIComponent(tag)}`}>{t('tagFeed')}</a>
          </p>
        )}
        {showError && (
          <div role="alert" className={styles.alert}>
            <p>{texts.public.postsListFailed}</p>
            <button type="button" className={`${btn.button} ${btn.small}`} onClick={() => setShowError(false)}>
              {t('ok')}
            </button>
          </div>
        )}
        {!failed &&
          posts.length === 0 &&
          // No search hit; past the last page or a tag no published post carries (the route answers
          // 404 for those two); or no posts at all.
          (q || total || tag ? (
            <p role="status">
              {q ? t('noMatch', { q }) : t('noPostsOnPage')}
              <Link to={ROUTES.posts.path}>{q ? t('seeAllPostsLower') : t('seeAllPosts')}</Link>.
            </p>
          ) : (
            <p>{t('postsNoneYet')}</p>
          ))}
        {q && posts.length > 0 && (
          <p role="status">
            {t(total === 1 ? 'postsMatchOne' : 'postsMatchMany', {
              // A search lists at most its newest 1,000 matches: "1,000+ posts match" past that.
              total: formatNumber(total, LOCALE_TABLE[locale].tag) + (more ? '+' : ''),
              q,
            })}
          </p>
        )}
        <div className={styles.list}>
          {posts.map((post, i) => (
            <article key={post.id} className={styles.card} aria-labelledby={`post-${post.id}`}>
              <h2 id={`post-${post.id}`} className={styles.cardTitle}>
                {post.name}
              </h2>
              <PostedLine postedBy={post.postedBy} date={post.publishAt} />
              <PostCarousel images={post.postImages} title={post.name} eager={i === 0} />
              <Highlight post={post} />
              <div className={styles.actions}>
                <Link to={postPath(post)} className={btn.button} aria-label={t('viewPost', { name: post.name })}>
                  {t('viewPostButton')}
                </Link>
                <LikeButton postId={post.id} likes={likes.get(post.id)} />
              </div>
            </article>
          ))}
        </div>
        {pages > 1 && (
          <nav aria-label={t('pagesNav')}>
            <ul className={styles.pages}>
              {pageLinks(page, pages).map((n, i) =>
                n ? (
                  <li key={n}>
                    <Link
                      to={pageUrl(n)}
                      className={`${btn.button} ${btn.small}`}
                      aria-current={n === page ? 'page' : undefined}
                      rel={n === page - 1 ? 'prev' : n === page + 1 ? 'next' : undefined}
                    >
                      {n}
                    </Link>
                  </li>
                ) : (
                  <li key={-i} aria-hidden>
                    …
                  </li>
                ),
              )}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}
