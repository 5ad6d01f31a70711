/** The time of day of a recorded event, UTC to the millisecond (the log's own precision). */
export function utcTime(iso: string): string {
  return iso ? new Date(iso).toISOString().slice(11, 23) : '';
}
