/**
 * Dates and times as the company reads them: in Europe/Brussels, whatever the zone of the browser
 * or the server. Back-office fields show and take Brussels wall-clock times; a vacancy's closing
 * date is a Brussels calendar day.
 */
export const COMPANY_TIME_ZONE = 'Europe/Brussels';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: COMPANY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClock(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p['year']}-${p['month']}-${p['day']}`, time: `${p['hour']}:${p['minute']}:${p['second']}` };
}

/** The Brussels calendar day of an instant, 'YYYY-MM-DD'. */
export const brusselsDate = (at: Date = new Date()): string => wallClock(at).date;

/** An instant as the value of a datetime-local field in Brussels time: 'YYYY-MM-DDTHH:mm'. */
export function toBrusselsLocal(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const { date, time } = wallClock(at);
  return `${date}T${time.slice(0, 5)}`;
}

/**
 * The instant of a Brussels wall-clock time 'YYYY-MM-DDTHH:mm' as ISO 8601 (UTC); undefined when
 * it is not such a value. The zone's offset is found by comparing, so summer time needs no table.
 */
export function fromBrusselsLocal(local: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(asUtc)) return undefined;
  // Two rounds settle the offset also next to a summer-time change.
  let guess = asUtc;
  for (let i = 0; i < 2; i += 1) {
    const seen = wallClock(new Date(guess));
    const seenUtc = Date.parse(`${seen.date}T${seen.time}Z`);
    guess += asUtc - seenUtc;
  }
  return new Date(guess).toISOString();
}
