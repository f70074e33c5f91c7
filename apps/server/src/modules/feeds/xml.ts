/** Characters XML 1.0 does not allow at all (control characters other than tab, LF and CR). */
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** HTML inside a CDATA section: characters XML does not allow dropped, `]]>` split across two sections. */
export const cdata = (html: string): string =>
  `<![CDATA[${html.replace(INVALID, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** Text safe inside an XML element or attribute value. */
export const escapeXml = (text: string): string => text.replace(INVALID, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The newest of some dates, or undefined when none is known. */
export const latest = (...dates: (Date | null | undefined)[]): Date | undefined =>
  dates.reduce<Date | undefined>((a, d) => (d && (!a || d > a) ? d : a), undefined);
