/**
 * Fills a site text's `{name}` placeholders: `fillText('Posts tagged {tag}', { tag: 'PKI' })`. A
 * module of its own, so the public pages' first load takes this and nothing else of the languages.
 */
export function fillText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
