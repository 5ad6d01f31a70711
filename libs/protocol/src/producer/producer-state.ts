import type { DelayClockView } from './delay-clock';
import type { DirectorStatus } from './director';
import type { ObsInstanceView } from './obs-status';
import type { OverlayPageView } from './overlay-pages';
import type { Rundown } from './rundown';
import type { TurnClockHealth } from './turn-clock-health';

/** `GET /api/producer/state?matchId=…`: everything the producer dashboard shows, in one answer. */
export interface ProducerState {
  /** The server's clock (ISO) when it answered: countdowns run against it, not the laptop's. */
  readonly serverNow: string;
  readonly obs: readonly ObsInstanceView[];
  readonly rundown: Rundown;
  readonly pages: readonly OverlayPageView[];
  /** Null without a matchId. */
  readonly delay: DelayClockView | null;
  /** Null on a server without the director module. */
  readonly director: DirectorStatus | null;
  /**
   * The table on program (`PUT /api/producer/program-table`; null: none) and its current match:
   * what every page opened with `onair=1` shows.
   */
  readonly programTable: { readonly table: string | null; readonly matchId: string | null };
  /**
   * The selected match's game (its MatchCreated's): the lower-third cues offer its seats. Null
   * without a matchId or for a match the log does not hold; absent from an older server.
   */
  readonly matchGame?: string | null;
  /**
   * The turn clocks' refused defaults, every match (DDZ-GEN-2). Null on a server that runs no turn
   * clocks in this process; absent from an older server.
   */
  readonly turnClock?: TurnClockHealth | null;
}
