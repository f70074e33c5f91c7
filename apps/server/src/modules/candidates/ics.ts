/**
 * An interview as an iCalendar file (RFC 5545) for one attendee's invitation, update or
 * cancellation (decision 0160). Times are UTC, so no VTIMEZONE is needed; calendars show them in
 * their own zone. The UID stays the interview's for its whole life and SEQUENCE rises with each
 * change, so a calendar updates or removes the event it already holds instead of adding another.
 */
export interface IcsEvent {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  startsAt: Date;
  durationMinutes: number;
  summary: string;
  description: string;
  location: string;
  videoLink: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
  stamp?: Date;
}

const utc = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11): a lone CR is a
 * line break too (left raw it would end the content line early); other control characters, which
 * TEXT may not hold, become spaces.
 */
const text = (value: string): string =>
  [
    ...value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
  ]
    .map((ch) => (ch !== '\t' && (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) ? ' ' : ch))
    .join('');

/** A parameter value (a CN) is quoted and may not hold quotes or control characters. */
const param = (value: string): string =>
  `"${[...value].map((ch) => (ch === '"' || ch.charCodeAt(0) < 0x20 ? ' ' : ch)).join('')}"`;

/** Lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8 sequence. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const bytes = Buffer.byteLength(ch);
    if (size + bytes > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function interviewIcs(e: IcsEvent): Buffer {
  const end = new Date(e.startsAt.getTime() + e.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Redwall//Candidate pipeline//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp ?? new Date())}`,
    `DTSTART:${utc(e.startsAt)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    ...(e.videoLink ? [`URL:${e.videoLink}`] : []),
    `ORGANIZER;CN=${param(e.organizer.name)}:mailto:${e.organizer.email}`,
    ...e.attendees.map(
      (a) => `ATTENDEE;CN=${param(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:${a.email}`,
    ),
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return Buffer.from(lines.map(fold).join('\r\n') + '\r\n', 'utf8');
}
