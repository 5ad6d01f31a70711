/** Match points are kept in integer tenths (1.5 is 15), so sums and comparisons are exact (DEC-T-2). */
export function tenthsToString(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  const whole = Math.floor(abs / 10);
  const rest = abs % 10;
  return rest === 0 ? `${sign}${String(whole)}` : `${sign}${String(whole)}.${String(rest)}`;
}
