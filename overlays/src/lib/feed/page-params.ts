import { resolveLang, type Lang } from '../i18n';
import type { FollowTarget } from './feed-connection';
import type { FeedAudience } from './feed-state';

/**
 * What an overlay URL asks for: `?match=<id>` (or `table=<id>`: the match now at that table, or
 * `onair=1`: the match at the table on program, both followed from match to match)
 * `&feed=broadcast|venue&lang=zh-CN|en[&seat=<seat id>][&preview=1][&still=1]`.
 */
export interface PageParams {
  readonly matchId: string | null;
  /** What the page follows instead of one match; null: it shows `matchId` only. */
  readonly follow: FollowTarget | null;
  /** Anything but `broadcast` is the venue feed: a typo must never ask for hands (fail closed). */
  readonly feed: FeedAudience;
  readonly lang: Lang;
  /**
   * The seat a lower third names, as the URL gives it: one of the game's own seat ids (S, E, N, W
   * in Guandan and Big Two; 0, 1, 2 in Dou Dizhu). The game is known only once the view arrives, so
   * the page checks it against the skin's seats then, and refuses one the game has not.
   */
  readonly seat: string | null;
  /** Staff preview: the only place the "reconnecting" mark appears (never on air). */
  readonly preview: boolean;
  /** Freeze motion (reference screenshots): animations jump to their end state. */
  readonly still: boolean;
}

export function readPageParams(search: string): PageParams {
  const params = new URLSearchParams(search);
  const seat = params.get('seat');
  const match = params.get('match');
  const table = params.get('table');
  return {
    matchId: match === null || match === '' ? null : match,
    follow: params.get('onair') === '1' ? { onAir: true } : table === null || table === '' ? null : { table },
    feed: params.get('feed') === 'broadcast' ? 'broadcast' : 'venue',
    lang: resolveLang(params.get('lang')),
    seat: seat === null || seat.trim() === '' ? null : seat.trim(),
    preview: params.get('preview') === '1',
    still: params.get('still') === '1',
  };
}
