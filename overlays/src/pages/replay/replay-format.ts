/** The time of day of a recorded event, UTC to the millisecond (the log's own precision). */
export function utcTime(iso: string): string {
  return iso ? new Date(iso).toISOString().slice(11, 23) : '';
}

/**
 * The same moment on the venue's clock (an IANA zone, TABLECAST_TIME_ZONE), to the millisecond:
 * what the referees' and the players' watches said.
 */
export function venueTime(iso: string, timeZone: string): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')}:${part('second')}.${part('fractionalSecond')}`;
}
