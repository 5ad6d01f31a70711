import { logPart, type DirectorLogPart } from '@tablecast/protocol';
import type { DirectorFrame } from '../broadcast/director-frame';
import type { DirectorMoment } from './director-rules';

/** Levels are indexed 0 = 2 … 12 = A, 13 = past A (GD-LVL-1). */
const LEVEL_A = 12;

/**
 * How far the director's clock may lag the clock that released the frame (another process behind
 * Kafka) before a released frame looks early. Below the 1 s delay floor, so a frame that passes
 * has still been held back by most of its delay: never a live fact.
 */
export const RELEASE_CLOCK_TOLERANCE_MS = 500;

/** A moment the broadcast audience has just been shown, at the frame that released it. */
export interface DetectedMoment {
  readonly matchId: string;
  readonly moment: DirectorMoment;
  /** Stream revision of the event that made the moment (one moment per revision). */
  readonly revision: number;
  /** When the table recorded it (ISO); it reached air a whole delay later. */
  readonly recordedAt: string;
  /** A short human line for the director's log: who, what, which rule. */
  readonly detail: string;
  /** The same line as a code and its parameters, for the dashboard to word (director-log.ts). */
  readonly part: DirectorLogPart;
}

/**
 * The moments a broadcast-feed frame releases, the same ones the moments overlay animates
 * (`view.moment`, computed by the server while folding the log), plus `matchPoint`.
 *
 * Only facts that have been released count, so the director never shows the audience something
 * early: the frame must be on a delayed audience, `live` (never during "delay building"), carry
 * the event it released, and that event must be at least the feed's delay old at `now`, give or
 * take `RELEASE_CLOCK_TOLERANCE_MS` (the feed releases each event no earlier than its recorded time
 * plus the delay in force, never less than the delay the frame reports). A frame failing any of
 * these yields nothing.
 *
 * A moment is acted on only at the frame whose event made it (`moment.revision === event.revision`):
 * later frames still carry it in their view, and a frame after a restart must not replay it.
 */
export function momentsReleasedBy(frame: DirectorFrame, now: number): DetectedMoment[] {
  if (frame.audience !== 'broadcast' && frame.audience !== 'commentary') return [];
  if (frame.status.state !== 'live' || frame.view === null || frame.event === null) return [];
  const { event, view } = frame;
  const recordedAtMs = Date.parse(event.recordedAt);
  const releasedBy = recordedAtMs + frame.status.delayMs - RELEASE_CLOCK_TOLERANCE_MS;
  if (!Number.isFinite(recordedAtMs) || releasedBy > now) return [];
  const found = (moment: DirectorMoment, detail: string, part: DirectorLogPart): DetectedMoment => ({
    matchId: frame.matchId,
    moment,
    revision: event.revision,
    recordedAt: event.recordedAt,
    detail,
    part,
  });

  const out: DetectedMoment[] = [];
  const shown = view.moment ?? null;
  if (shown !== null && shown.revision === event.revision) {
    switch (shown.kind) {
      case 'bomb': {
        // GD-COMBO-8…10: the overlay's bomb card covers all three; rules may tell them apart.
        const kind =
          shown.as.type === 'straightFlush' || shown.as.type === 'fourJokers' ? shown.as.type : 'bomb';
        out.push(
          found(
            kind,
            `${shown.seat} played ${shown.cards.join(' ')} (${shown.as.type})`,
            logPart('bombPlayed', { seat: shown.seat, cards: shown.cards, combo: shown.as.type }),
          ),
        );
        break;
      }
      case 'tribute':
        out.push(
          found(
            'tribute',
            shown.exchange.resisted.length > 0
              ? `tribute resisted by ${shown.exchange.resisted.join('+')} (GD-TRIB-6)`
              : `tribute of deal ${String(shown.exchange.handNumber)} exchanged`,
            shown.exchange.resisted.length > 0
              ? logPart('tributeResisted', { seats: shown.exchange.resisted })
              : logPart('tributeExchanged', { deal: shown.exchange.handNumber }),
          ),
        );
        break;
      case 'handEnd':
        out.push(
          found(
            'handEnd',
            `deal ${String(shown.result.handNumber)} won by ${shown.result.winningTeam} (+${String(shown.result.levelUp)})`,
            logPart('dealWon', {
              deal: shown.result.handNumber,
              team: shown.result.winningTeam,
              levelUp: shown.result.levelUp,
            }),
          ),
        );
        break;
      case 'penalty':
        out.push(
          found(
            'penalty',
            `${shown.sanction} for ${shown.seat} (${shown.rule})`,
            logPart('penaltyGiven', { seat: shown.seat, sanction: shown.sanction, rule: shown.rule }),
          ),
        );
        break;
    }
  }

  // GD-LVL-5: a pair at A passes A, and wins a game played to past A, only by winning a deal
  // played at its own level A; such a deal is match point from the moment it starts.
  const hand = view.hand ?? null;
  if (event.type === 'HandStarted' && hand !== null && hand.levelTeam !== null) {
    const team = hand.levelTeam;
    if (view.levels?.[team] === LEVEL_A) {
      out.push(
        found(
          'matchPoint',
          `deal ${String(hand.number)}: ${team} plays A for the match (GD-LVL-5)`,
          logPart('matchPoint', { deal: hand.number, team }),
        ),
      );
    }
  }
  return out;
}
