import type { TablecastEvent } from '@tablecast/events';

/**
 * The field-level public form of an event: what the venue may receive live, or null when nothing
 * of it is public. Input is every event of the log; the disclosure class decides first (in
 * `redact`), and this switch then removes every field that could name a card still in a hand or
 * otherwise go beyond what a spectator in the hall could see. Exhaustive, so a new event type does
 * not compile until someone decides its public form.
 */
export function publicForm(event: TablecastEvent): { readonly type: string; readonly data: unknown } | null {
  switch (event.type) {
    // Public facts as they are: nothing in them names a card still held.
    case 'MatchCreated':
    case 'HandStarted':
    case 'DeckCommitted':
    case 'TributeResisted':
    case 'LeadAssigned':
    case 'CardsPlayed':
    case 'Passed':
    case 'CardsReported':
    case 'PlayerFinished':
    case 'TrickWon':
    case 'HandEnded':
    case 'LevelsAwarded':
    case 'TimeCalled':
    case 'MatchForfeited':
    case 'MatchEnded':
      return event;
    // The deal: the hall sees 27 cards go to each player, never which (GD-DEAL-2: face down).
    case 'CardsDealt': {
      const { hands } = event.data;
      return {
        type: event.type,
        data: {
          handNumber: event.data.handNumber,
          firstDrawer: event.data.firstDrawer,
          counts: { S: hands.S.length, E: hands.E.length, N: hands.N.length, W: hands.W.length },
        },
      };
    }
    // GD-LEAD-1, DEC-GD-3: classified public, but the turned card stays in its drawer's hand and
    // the recut indices say which seat drew a joker. In a software deal (GD-DEAL-5) nothing was
    // turned face up in the hall, so only the seat that leads is public.
    case 'FirstLeadCut':
      return { type: event.type, data: { seat: event.data.seat } };
    // GD-TRIB-1..5: who pays whom is visible at the table; the card goes into a hand, and the
    // rules never have it shown to the hall (returns are face down, GD-TRIB-5), so it is public
    // only when it is played (then it is in CardsPlayed) or on the delayed broadcast.
    case 'TributeGiven':
      return { type: event.type, data: { from: event.data.from } };
    case 'TributeAssigned':
      return {
        type: event.type,
        data: { assignments: event.data.assignments.map(({ from, to }) => ({ from, to })) },
      };
    case 'TributeReturned':
      return { type: event.type, data: { from: event.data.from, to: event.data.to } };
    // GD-VAR-004-3: which returned card a tributer took is a card going into his hand.
    case 'ReturnChosen':
      return { type: event.type, data: { seat: event.data.seat } };
    // The full order and salt: the delayed feed's job (commit-reveal on air, issue 7).
    case 'DeckRevealed':
      return null;
    // GD-TRIB-9, GD-PEN-9: a ruling's duty may name a card still in a hand (delayed class).
    case 'PlayDutyImposed':
      return null;
    // The referee's free-text note may describe the breach with the cards involved.
    case 'PenaltyIssued': {
      const { seat, sanction, rule } = event.data;
      return { type: event.type, data: { seat, sanction, rule } };
    }
    case 'AppealFiled':
      return null;
    // Rulings are announced; the votes per member and the reasoning stay with the committee.
    case 'RulingIssued': {
      const { appealId, rulingId, outcome } = event.data;
      return { type: event.type, data: { appealId, rulingId, outcome } };
    }
    // The players leaving the table and the published pairings are seen by the hall.
    case 'PlayersLeftTable':
    case 'PairingsPublished':
      return event;
    case 'ResultCorrected': {
      const { correctionId, matchId, handNumber, reason, rulingId } = event.data;
      return { type: event.type, data: { correctionId, matchId, handNumber, reason, rulingId } };
    }
    // Keying corrections (issue 5): the request is table business; a confirmed retraction withdraws
    // public plays, so the hall learns which revisions no longer count (no cards in it).
    case 'CorrectionRequested':
    case 'CorrectionRejected':
      return null;
    case 'CorrectionConfirmed':
      return event;
    // TC-FEED-1: the delay is no secret (every delayed frame states it in status.delayMs).
    case 'BroadcastDelaySet':
      return event;
    default:
      return unreachable(event);
  }
}

function unreachable(event: never): null {
  return event;
}
