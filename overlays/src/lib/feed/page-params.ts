import { LOWER_THIRD_SEATS } from '@tablecast/protocol/producer';
import { resolveLang, type Lang } from '../i18n';
import type { FollowTarget } from './feed-connection';
import type { FeedAudience } from './feed-state';

/**
 * What an overlay URL asks for: `?match=<id>` (or `table=<id>`: the match now at that table, or
 * `onair=1`: the match at the table on program, both followed from match to match)
 * `&feed=broadcast|venue&lang=zh-CN|en[&seat=S][&preview=1][&still=1]`.
 */
export interface PageParams {
  readonly matchId: string | null;
  /** What the page follows instead of one match; null: it shows `matchId` only. */
  readonly follow: FollowTarget | null;
  /** Anything but `broadcast` is the venue feed: a typo must never ask for hands (fail closed). */
  readonly feed: FeedAudience;
  readonly lang: Lang;
  /** A seat a lower third can name (the protocol's list); the skin draws only its own game's seats. */
  readonly seat: (typeof LOWER_THIRD_SEATS)[number] | null;
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
    seat: LOWER_THIRD_SEATS.find((s) => s === seat) ?? null,
    preview: params.get('preview') === '1',
    still: params.get('still') === '1',
  };
}
