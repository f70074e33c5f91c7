/**
 * A readable URL part from a title: lower case, accents dropped (NFKD, then the combining marks
 * removed), every run of other characters one '-', no '-' at either end, at most 80 characters.
 * A title with nothing left gives the fallback ('post' unless told).
 */
export function slugify(title: string, fallback = 'post'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || fallback;
}
