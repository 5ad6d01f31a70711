/**
 * Whether the release clock can be trusted: between two samples the wall clock must advance by
 * what a monotonic clock measured, within `toleranceMs`. A wall clock that steps back or jumps
 * ahead (NTP step, operator error) could make an unreleased event look due, so either is a fault
 * and the delayed feeds hold back (MatchFeed then rebuilds a whole delay). Pure: samples are
 * passed in, so tests drive both clocks.
 */
export class ReleaseClockGuard {
  private last: { readonly wall: number; readonly mono: number } | null = null;

  constructor(private readonly toleranceMs = 1_000) {}

  /** Records a sample; false when the wall clock disagreed with the monotonic one since the last. */
  observe(wall: number, mono: number): boolean {
    const last = this.last;
    this.last = { wall, mono };
    if (last === null) return Number.isFinite(wall) && Number.isFinite(mono);
    const wallStep = wall - last.wall;
    const monoStep = mono - last.mono;
    return wallStep >= 0 && Math.abs(wallStep - monoStep) <= this.toleranceMs;
  }
}
