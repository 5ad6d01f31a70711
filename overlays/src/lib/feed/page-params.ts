import type { Seat } from '@tablecast/guandan';
import { resolveLang, type Lang } from '../i18n';
import type { FeedAudience } from './feed-state';

/** What an overlay URL asks for: `?match=<id>&feed=broadcast|venue&lang=zh-CN|en[&seat=S][&preview=1][&still=1]`. */
export interface PageParams {
  readonly matchId: string | null;
  /** Anything but `broadcast` is the venue feed: a typo must never ask for hands (fail closed). */
  readonly feed: FeedAudience;
  readonly lang: Lang;
  readonly seat: Seat | null;
  /** Staff preview: the only place the "reconnecting" mark appears (never on air). */
  readonly preview: boolean;
  /** Freeze motion (reference screenshots): animations jump to their end state. */
  readonly still: boolean;
}

const SEATS: readonly Seat[] = ['S', 'E', 'N', 'W'];

export function readPageParams(search: string): PageParams {
  const params = new URLSearchParams(search);
  const seat = params.get('seat');
  const match = params.get('match');
  return {
    matchId: match === null || match === '' ? null : match,
    feed: params.get('feed') === 'broadcast' ? 'broadcast' : 'venue',
    lang: resolveLang(params.get('lang')),
    seat: SEATS.find((s) => s === seat) ?? null,
    preview: params.get('preview') === '1',
    still: params.get('still') === '1',
  };
}
