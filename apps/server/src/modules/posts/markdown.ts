import { LRUCache } from 'lru-cache';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { MARKDOWN_BOUNDS, markdownMarksPerBlock, markdownNesting } from '@app/shared/markdown-bounds';

/**
 * Post content is CommonMark with GitHub tables and autolinks (docs/decisions/0024-markdown-posts.md).
 * Line breaks inside a paragraph stay line breaks, so the plain-text posts written before Markdown
 * look as they did. Raw HTML in the source is not trusted: the rendered HTML goes through an allow
 * list, which drops scripts, event handlers, styles and javascript: URLs.
 */
const marked = new Marked({ gfm: true, breaks: true, async: false });

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    // GFM task lists render disabled checkboxes.
    input: ['type', 'checked', 'disabled'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // Raw HTML the author typed is shown as text, never as markup.
  disallowedTagsMode: 'escape',
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs['href'] ?? '';
      const external = /^https?:\/\//i.test(href);
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener nofollow' } : { ...attribs, rel: '' } };
    },
    input: (tagName, attribs) =>
      attribs['type'] === 'checkbox'
        ? {
            tagName,
            attribs: { type: 'checkbox', disabled: '', ...(attribs['checked'] !== undefined ? { checked: '' } : {}) },
          }
        : { tagName: 'span', attribs: {} },
  },
};

/**
 * Whether the renderer may be given the source. The forms and the API refuse content past these
 * bounds, but a post stored before they existed (or by a direct database edit) may still be past
 * them; it is shown as plain paragraphs instead, so that one post cannot break a page, a list or a
 * feed (docs/behaviour/posts.md).
 */
const renderable = (source: string) =>
  markdownNesting(source) <= MARKDOWN_BOUNDS.nesting && markdownMarksPerBlock(source) <= MARKDOWN_BOUNDS.marksPerBlock;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The source as escaped paragraphs, its line breaks kept: what a post the renderer cannot take shows. */
const asParagraphs = (source: string) =>
  source
    .split(/\n[ \t]*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/**
 * What was rendered lately, by what it was rendered from. Rendering and sanitizing a post of a few
 * KB takes about a millisecond each way, and a page that left the response cache (any content
 * change empties it) renders its posts again: the feed alone renders twenty twice. Bounded by
 * size, in characters of sources and results, not by how many posts there are.
 */
const recent = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (value, key) => value.length + key.length,
});

/** Runs the renderer on bounded content; anything else, or a renderer failure, gets `fallback`. */
function rendered(
  kind: 'html' | 'text',
  source: string,
  fallback: (source: string) => string,
  render: (html: string) => string,
): string {
  const key = `${kind}\n${source}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  let result: string;
  if (!renderable(source)) result = fallback(source);
  else
    try {
      result = render(marked.parse(source) as string);
    } catch {
      // A renderer bug on some input must cost that post its formatting, not the page or feed around it.
      result = fallback(source);
    }
  recent.set(key, result);
  return result;
}

/** The public HTML of a post's content: what the post page, the RSS feed and the editor's preview show. */
export function renderMarkdown(source: string): string {
  return rendered('html', source, asParagraphs, (html) => sanitizeHtml(html, ALLOWED).replace(/ rel=""/g, ''));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The content as plain text (no Markdown marks), for previews, descriptions and search snippets. */
export function plainText(source: string): string {
  return rendered(
    'text',
    source,
    (s) => s.trim(),
    (html) =>
      sanitizeHtml(html.replace(/<\/(p|li|h[1-6]|tr|blockquote|pre)>|<br\s*\/?>/g, '$&\n'), {
        allowedTags: [],
        allowedAttributes: {},
      })
        .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e]!)
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
  );
}
