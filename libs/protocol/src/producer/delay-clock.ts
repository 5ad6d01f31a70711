/** The dashboard's delay clock for one match. */
export interface DelayClockView {
  readonly matchId: string;
  readonly delaySeconds: number;
  /**
   * `building`: the delayed feeds show "delay building" (nothing released yet, or held back).
   * `behind`: the delay was raised on air and the broadcast holds still until the added time is
   * rebuilt (`buildingEndsAt`).
   */
  readonly feedState: 'building' | 'behind' | 'live';
  /** The table time (ISO) the broadcast feed has reached: recorded time of the newest event released. */
  readonly releasedUpTo: string | null;
  /** When the next release is due while building, if known (ISO, server clock). */
  readonly buildingEndsAt: string | null;
}
