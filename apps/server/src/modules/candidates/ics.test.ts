import { describe, expect, it } from 'vitest';
import { interviewIcs, type IcsEvent } from './ics';

/** The interview's iCalendar file (RFC 5545) as a calendar program reads it. */
const event = (over: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: '0d1f-uid@jobs.company.example',
  sequence: 0,
  method: 'REQUEST',
  startsAt: new Date('2026-12-03T13:30:00Z'),
  durationMinutes: 90,
  summary: 'Interview: Sam Candidate (Welder)',
  description: 'Bring your portfolio.',
  location: 'Office',
  videoLink: null,
  organizer: { name: 'Company', email: 'office@company.example' },
  attendees: [{ name: 'Alice', email: 'alice@example.com' }],
  stamp: new Date('2026-11-27T10:00:00Z'),
  ...over,
});
const text = (e: IcsEvent) => interviewIcs(e).toString('utf8');
const unfolded = (e: IcsEvent) => text(e).replace(/\r\n /g, '');
const lineOf = (e: IcsEvent, name: string) =>
  unfolded(e)
    .split('\r\n')
    .find((l) => l.startsWith(name))!;

describe('interviewIcs', () => {
  it('writes CRLF lines, UTC times, the UID, SEQUENCE and METHOD', () => {
    const raw = text(event({ sequence: 3 }));
    expect(raw.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(raw).toContain('\r\nMETHOD:REQUEST\r\n');
    expect(raw).toContain('\r\nUID:0d1f-uid@jobs.company.example\r\n');
    expect(raw).toContain('\r\nSEQUENCE:3\r\n');
    expect(raw).toContain('\r\nDTSTART:20261203T133000Z\r\n');
    expect(raw).toContain('\r\nDTEND:20261203T150000Z\r\n');
    expect(raw).toContain('\r\nDTSTAMP:20261127T100000Z\r\n');
    expect(raw).toContain('\r\nSTATUS:CONFIRMED\r\n');
    expect(raw).toContain('\r\nORGANIZER;CN="Company":mailto:office@company.example\r\n');
  });

  it('cancels with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const raw = text(event({ method: 'CANCEL', sequence: 2 }));
    expect(raw).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(raw).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(raw).toContain('\r\nSEQUENCE:2\r\n');
  });

  it('escapes backslashes, semicolons, commas and every kind of line break in text values', () => {
    const e = event({
      description: 'a,b;c\\d\r\nline two\nline three\rline four',
      location: 'Meir 1, Antwerp; 2nd floor',
    });
    expect(lineOf(e, 'DESCRIPTION:')).toBe('DESCRIPTION:a\\,b\\;c\\\\d\\nline two\\nline three\\nline four');
    expect(lineOf(e, 'LOCATION:')).toBe('LOCATION:Meir 1\\, Antwerp\\; 2nd floor');
    // Other control characters may not stand in TEXT: they become spaces (a tab may stay).
    expect(lineOf(event({ summary: 'bell\u0007x\ttab\u007f' }), 'SUMMARY:')).toBe('SUMMARY:bell x\ttab ');
  });

  it('keeps quotes and control characters out of a CN', () => {
    const e = event({ attendees: [{ name: 'Eve "the" Tester\nX-INJECTED:1', email: 'eve@example.com' }] });
    const raw = unfolded(e);
    expect(raw).toContain('ATTENDEE;CN="Eve  the  Tester X-INJECTED:1";');
    expect(raw).not.toMatch(/\r\nX-INJECTED/);
  });

  it('folds lines at 75 octets without splitting a UTF-8 character, and unfolds to the same text', () => {
    const summary = 'Entretien : Zoë Ærøskøbing — développeuse 🚀 '.repeat(8);
    const e = event({ summary });
    const raw = interviewIcs(e);
    const lines = raw.toString('utf8').split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Each physical line is valid UTF-8 on its own: no character was cut between two of them.
    let start = 0;
    for (let i = 0; i <= raw.length - 2; i += 1)
      if (raw[i] === 0x0d && raw[i + 1] === 0x0a) {
        const bytes = raw.subarray(start, i);
        expect(Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)).toBe(true);
        start = i + 2;
      }
    const summaryLines = lines.slice(lines.findIndex((l) => l.startsWith('SUMMARY:')));
    expect(summaryLines[1]!.startsWith(' ')).toBe(true);
    expect(lineOf(e, 'SUMMARY:')).toBe(`SUMMARY:${summary}`);
  });

  it('folds a 75-octet line not at all and a 76-octet one once', () => {
    const at75 = event({ summary: 'x'.repeat(75 - 'SUMMARY:'.length) });
    expect(text(at75)).toContain(`\r\nSUMMARY:${'x'.repeat(67)}\r\nDESCRIPTION`);
    const at76 = event({ summary: 'x'.repeat(76 - 'SUMMARY:'.length) });
    expect(text(at76)).toContain(`\r\nSUMMARY:${'x'.repeat(67)}\r\n x\r\nDESCRIPTION`);
  });

  it('names the video link as the URL and leaves LOCATION out when there is no place', () => {
    const raw = unfolded(event({ location: '', videoLink: 'https://meet.example/abc' }));
    expect(raw).toContain('\r\nURL:https://meet.example/abc\r\n');
    expect(raw).not.toContain('LOCATION:');
  });
});
