import type { RecordedEvent } from '@tablecast/event-store';
import type { EventReference, ResultCorrected, RulingRemedy, TablecastEvent } from '@tablecast/events';
import {
  guandanModule,
  otherTeam,
  scoreForfeit,
  scoreMatch,
  SeatSchema,
  teamOf,
  TeamSchema,
  type EventOf,
  type Team,
} from '@tablecast/guandan';
import { isGameEvent } from '@tablecast/game-kit';

/** A remedy that cannot be carried out on this match's log (422, with the rule it would break). */
export interface RemedyRefused {
  readonly ok: false;
  readonly rule: string;
  readonly message: string;
  readonly messageZh: string;
}

type Correction = ResultCorrected['data'];

/**
 * GD-APL-3: the corrections a ruling orders, as ResultCorrected data for the match stream. The
 * original events are never touched: each correction names the event it supersedes (stream,
 * revision and hash) and the ruling. `id(n)` makes the n-th correction id of this ruling.
 */
export function correctionsForRemedy(
  events: readonly RecordedEvent<TablecastEvent>[],
  remedy: RulingRemedy,
  rulingId: string,
  reasoning: string,
): Correction[] | RemedyRefused {
  const matchId = matchIdOf(events);
  let n = 0;
  const base = (handNumber: number | null, supersedes: EventReference, note: string) => ({
    correctionId: `${rulingId}.${String((n += 1))}`,
    matchId,
    handNumber,
    reason: 'ruling' as const,
    rulingId,
    supersedes,
    note,
  });
  const note = reasoning.slice(0, 2000);
  switch (remedy.kind) {
    case 'appeal-dismissed':
      return [];
    case 'penalty-rescinded': {
      const penalty = inMatch(events, remedy.penalty);
      if (penalty?.type !== 'PenaltyIssued') {
        return refused(
          'GD-PEN-7',
          'the remedy must name a PenaltyIssued event of this match',
          '须指明本场比赛的判罚事件',
        );
      }
      return [
        {
          ...base(handAt(events, penalty.revision), ref(penalty), note),
          corrected: { voidedType: 'PenaltyIssued' },
          effect: 'voided',
        },
      ];
    }
    case 'penalty-imposed': {
      const at = inMatch(events, remedy.at);
      if (!at)
        return refused(
          'GD-PEN-7',
          'the remedy must name the event of this match the penalty attaches to',
          '须指明判罚所针对的事件',
        );
      const seat = SeatSchema.safeParse(remedy.seat);
      if (!seat.success) return notGuandan('remedy.seat', remedy.seat, SeatSchema.options);
      const corrected = {
        seat: seat.data,
        sanction: remedy.sanction,
        rule: remedy.rule,
        refereeId: `committee:${rulingId}`,
        note,
      };
      const penalty: Correction = {
        ...base(handAt(events, at.revision), ref(at), note),
        corrected,
        effect: 'penalty-added',
      };
      // GD-PEN-5 → GD-SCORE-4: a game lost by penalty is scored 2:0 and the forfeit level points.
      if (remedy.sanction !== 'gameLost') return [penalty];
      const forfeit = matchResultAdjusted(events, teamOf(seat.data), 'GD-PEN-5', base, note);
      return 'ok' in forfeit ? forfeit : [penalty, forfeit];
    }
    case 'hand-result-corrected': {
      const ended = handEnded(events, remedy.handNumber);
      if (!ended)
        return refused(
          'GD-SCORE-1',
          `hand ${String(remedy.handNumber)} has no recorded result`,
          `第${String(remedy.handNumber)}副牌没有记录结果`,
        );
      const winner: Team =
        remedy.levelsAfter.NS - ended.data.levelsBefore.NS >=
        remedy.levelsAfter.EW - ended.data.levelsBefore.EW
          ? 'NS'
          : 'EW';
      const corrected: EventOf<'HandEnded'>['data'] = {
        ...ended.data,
        levelsAfter: remedy.levelsAfter,
        winningTeam: winner,
        levelUp: Math.max(0, Math.min(3, remedy.levelsAfter[winner] - ended.data.levelsBefore[winner])),
      };
      const corrections: Correction[] = [
        { ...base(remedy.handNumber, ref(ended), note), corrected, effect: 'replaced' },
      ];
      // The last hand's levels are the game's result (GD-SCORE-2/3): score it again from them.
      const matchEnded = events.findLast((e) => e.type === 'MatchEnded');
      const lastHand = events.findLast((e) => e.type === 'HandEnded');
      if (
        matchEnded?.type === 'MatchEnded' &&
        lastHand?.revision === ended.revision &&
        matchEnded.data.reason !== 'forfeit'
      ) {
        const state = foldEvery(events);
        const score = scoreMatch({ ...state, levels: remedy.levelsAfter });
        const result: EventOf<'MatchEnded'>['data'] = {
          ...matchEnded.data,
          levels: remedy.levelsAfter,
          ...score,
          rule: 'GD-APL-3',
        };
        corrections.push({ ...base(null, ref(matchEnded), note), corrected: result, effect: 'replaced' });
      }
      return corrections;
    }
    case 'hand-to-be-replayed': {
      const ended = handEnded(events, remedy.handNumber);
      const started = events.filter((e) => e.type === 'HandStarted')[remedy.handNumber - 1];
      const target = ended ?? started;
      if (!target)
        return refused(
          'GD-APL-3',
          `hand ${String(remedy.handNumber)} was not played`,
          `第${String(remedy.handNumber)}副牌未进行`,
        );
      return [
        {
          ...base(remedy.handNumber, ref(target), note),
          corrected: { voidedType: target.type },
          effect: 'voided',
        },
      ];
    }
    case 'match-result-adjusted': {
      const loser = TeamSchema.safeParse(remedy.loser);
      if (!loser.success) return notGuandan('remedy.loser', remedy.loser, TeamSchema.options);
      const adjusted = matchResultAdjusted(events, loser.data, remedy.rule, base, note);
      return 'ok' in adjusted ? adjusted : [adjusted];
    }
    default:
      return unreachable(remedy);
  }
}

/** GD-SCORE-4, DEC-GD-13: 2:0 and the ruleset's forfeit level points (18:0; 17:0 under 003), or the actual points if wider. */
function matchResultAdjusted(
  events: readonly RecordedEvent<TablecastEvent>[],
  loser: Team,
  rule: string,
  base: (
    handNumber: number | null,
    supersedes: EventReference,
    note: string,
  ) => Omit<Correction, 'corrected' | 'effect'>,
  note: string,
): Correction | RemedyRefused {
  const matchEnded = events.findLast((e) => e.type === 'MatchEnded');
  if (matchEnded?.type !== 'MatchEnded') {
    return refused(
      'GD-SCORE-4',
      'the match has no result to adjust yet (no MatchEnded)',
      '比赛尚无结果，无法改判',
    );
  }
  const score = scoreForfeit(foldEvery(events), loser);
  const corrected: EventOf<'MatchEnded'>['data'] = {
    ...matchEnded.data,
    reason: 'forfeit',
    winner: otherTeam(loser),
    matchPoints: score.matchPoints,
    levelPoints: score.levelPoints,
    rule,
  };
  return { ...base(null, ref(matchEnded), note), corrected, effect: 'replaced' };
}

/** The state after every Guandan event of the log, corrections not applied (what the remedy rules read). */
function foldEvery(events: readonly TablecastEvent[]) {
  let state = guandanModule.initialState();
  for (const event of events)
    if (isGameEvent(guandanModule, event)) state = guandanModule.evolve(state, event);
  return state;
}

function matchIdOf(events: readonly RecordedEvent<TablecastEvent>[]): string {
  return events[0]?.stream.slice('match-'.length) ?? '';
}

function ref(event: RecordedEvent<TablecastEvent>): EventReference {
  return { stream: event.stream, revision: event.revision, hash: event.metadata.hash };
}

function inMatch(events: readonly RecordedEvent<TablecastEvent>[], reference: EventReference) {
  const event = events[reference.revision];
  return event?.stream === reference.stream && event.revision === reference.revision ? event : undefined;
}

function handEnded(events: readonly RecordedEvent<TablecastEvent>[], handNumber: number) {
  const ended = events.find((e) => e.type === 'HandEnded' && e.data.handNumber === handNumber);
  return ended?.type === 'HandEnded' ? ended : undefined;
}

/** The number of the hand in progress at a revision (null before the first deal). */
function handAt(events: readonly RecordedEvent<TablecastEvent>[], revision: number): number | null {
  const started = events.slice(0, revision + 1).filter((e) => e.type === 'HandStarted').length;
  return started === 0 ? null : started;
}

function refused(rule: string, message: string, messageZh: string): RemedyRefused {
  return { ok: false, rule, message, messageZh };
}

/**
 * GD-SEAT-1: the ruling event carries any game's seat or side; a Guandan remedy names one of
 * Guandan's, or it cannot be carried out.
 */
function notGuandan(field: string, got: string, expected: readonly string[]): RemedyRefused {
  const one = expected.join(', ');
  return refused(
    'GD-SEAT-1',
    `${field}: expected one of ${one}, got "${got}"`,
    `${field}：应为 ${one} 之一，收到 "${got}"`,
  );
}

function unreachable(remedy: never): never {
  throw new Error(`unknown remedy ${JSON.stringify(remedy)}`);
}
