/**
 * A player's own play time as the hall reads it (TRN-TB-4/5): `1:23`, `12:05`, `1:02:09`. Whole
 * seconds, as the view carries them; no leading zero on the first field.
 */
export function playClock(seconds: number): string {
  const whole = Math.max(0, Math.trunc(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const ss = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${ss}` : `${String(m)}:${ss}`;
}
