import type { MatchState } from '@tablecast/guandan';
import type { ActionClockView, MomentView, TributeExchangeView } from '@tablecast/protocol';
import type { OverlayFacts } from './overlay-facts';

/**
 * The overlay facts as an audience may see them. Tribute and return cards go into a hand, so the
 * venue gets who gave to whom but never the card (GD-TRIB-5, the feeds' venue rule).
 */
export function exchangeView(
  exchange: TributeExchangeView | null,
  full: boolean,
): TributeExchangeView | null {
  if (exchange === null || full) return exchange;
  return {
    ...exchange,
    given: exchange.given.map((g) => ({ ...g, card: null })),
    returned: exchange.returned.map((r) => ({ ...r, card: null })),
  };
}

export function momentView(moment: MomentView | null, full: boolean): MomentView | null {
  // The referee's note only behind the delay, as PenaltyIssued's public form (it may name cards).
  if (moment?.kind === 'penalty') return full ? moment : { ...moment, note: null };
  if (moment?.kind !== 'tribute') return moment;
  return { ...moment, exchange: exchangeView(moment.exchange, full) ?? moment.exchange };
}

/** GD-TIME-1 (20 s warning, 30 s violation), or GD-VAR-004-7 under 004 (3 min for the first play). */
export function clockView(match: MatchState, facts: OverlayFacts): ActionClockView | null {
  const turn = facts.turn;
  if (turn === null) return null;
  const limit = match.ruleset.playTimeLimit;
  const first = turn.firstPlay && limit.firstPlaySeconds !== null;
  return {
    seat: turn.seat,
    since: turn.since,
    warningSeconds: first ? null : limit.warningSeconds,
    limitSeconds: first ? limit.firstPlaySeconds : limit.violationSeconds,
    rule: first || limit.violationSeconds === null ? 'GD-VAR-004-7' : 'GD-TIME-1',
  };
}
