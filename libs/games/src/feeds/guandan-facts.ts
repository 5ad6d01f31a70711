import type { FeedStep } from '@tablecast/broadcast';
import type { GuandanEvent, MatchState, Seat } from '@tablecast/guandan';
import { NO_FACTS, advanceFacts, type OverlayFacts } from './overlay-facts';

/**
 * What Guandan's feeds show beyond the engine's state: names, the deck commitment and its reveal,
 * and the overlay facts. It holds hidden information (the deck order and salt, tribute cards);
 * only `guandanFeedView` turns it into something a viewer may see.
 */
export interface GuandanFeedFacts {
  readonly table: string | null;
  readonly teams: { readonly NS: string; readonly EW: string } | null;
  readonly names: Readonly<Record<Seat, string>>;
  readonly deck: {
    readonly handNumber: number;
    readonly commitment: string | null;
    readonly salt: string | null;
    readonly order: readonly string[] | null;
  } | null;
  /** What the overlays show beyond the engine's state (plays per seat, clock, moments, history). */
  readonly overlay: OverlayFacts;
}

export const NO_GUANDAN_FACTS: GuandanFeedFacts = {
  table: null,
  teams: null,
  names: { S: '', E: '', N: '', W: '' },
  deck: null,
  overlay: NO_FACTS,
};

/** The facts after one more Guandan event (the feed passes only the module's own events). */
export function advanceGuandanFacts(facts: GuandanFeedFacts, step: FeedStep<MatchState>): GuandanFeedFacts {
  const event = step.event as GuandanEvent;
  const overlay = advanceFacts(facts.overlay, {
    event,
    after: step.after,
    revision: step.revision,
    at: step.at,
  });
  const next = { ...facts, overlay };
  switch (event.type) {
    case 'MatchCreated': {
      const nameOf = (seat: Seat): string => event.data.players.find((p) => p.seat === seat)?.name ?? '';
      return {
        ...next,
        table: event.data.table,
        teams: { NS: event.data.teams.NS.name, EW: event.data.teams.EW.name },
        names: { S: nameOf('S'), E: nameOf('E'), N: nameOf('N'), W: nameOf('W') },
      };
    }
    case 'DeckCommitted':
      return {
        ...next,
        deck: {
          handNumber: event.data.handNumber,
          commitment: event.data.commitment,
          salt: null,
          order: null,
        },
      };
    case 'DeckRevealed':
      return {
        ...next,
        deck: {
          handNumber: event.data.handNumber,
          commitment: next.deck?.handNumber === event.data.handNumber ? next.deck.commitment : null,
          salt: event.data.salt,
          order: event.data.order,
        },
      };
    default:
      return next;
  }
}
