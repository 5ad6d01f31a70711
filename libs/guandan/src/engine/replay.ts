import type { EventOf, GuandanEvent } from '../events/catalog';
import type { ComboType } from '../model/reading';
import { partnerOf } from '../model/seats';
import type { GuandanCommand } from './commands';
import { decide } from './decide';
import { evolve } from './evolve';
import { withLaterFieldDefaults } from '../ruleset/ruleset';
import { initialState, type MatchState } from './state';
import type { RuleViolation } from './violation';

export type ReplayResult =
  | { readonly ok: true; readonly state: MatchState }
  | (RuleViolation & { readonly index: number; readonly state: MatchState });

/**
 * Replays a stream by re-deciding it: each event that records a decision is turned back into the
 * command that caused it, the decider runs on the state so far, and its events must equal the
 * recorded ones. So a stream passes only if the engine itself would have written it; the first
 * event that breaks a rule (or that the engine would not have produced) is reported with its index.
 */
export function replay(events: readonly GuandanEvent[]): ReplayResult {
  let state = initialState();
  let i = 0;
  while (i < events.length) {
    const command = commandFor(events, i);
    if (command === null) {
      return {
        ok: false,
        index: i,
        state,
        rule: 'GD-PLAY-10',
        message: `event ${events[i]?.type ?? '?'} at ${i} is not the start of any decision`,
        messageZh: `第 ${i} 个事件不是任何裁定的开始`,
      };
    }
    const decision = decide(command, state);
    if (!decision.ok) return { ...decision, index: i, state };
    const recorded = events.slice(i, i + decision.events.length).map(withDefaultsFilledIn);
    if (!sameEvents(recorded, decision.events)) {
      return {
        ok: false,
        index: i,
        state,
        rule: 'GD-PLAY-10',
        message: `events from ${i} differ from what the rules produce: expected ${decision.events.map((e) => e.type).join(', ')}`,
        messageZh: `第 ${i} 个事件起与规则裁定结果不符`,
      };
    }
    for (const event of decision.events) state = evolve(state, event);
    i += decision.events.length;
  }
  return { ok: true, state };
}

/** The command an event records, reading ahead where one decision spans several events. */
export function commandFor(events: readonly GuandanEvent[], i: number): GuandanCommand | null {
  const event = events[i];
  if (event === undefined) return null;
  switch (event.type) {
    case 'MatchCreated':
      return { type: 'CreateMatch', ...event.data, now: event.data.startsAt };
    case 'HandStarted': {
      const dealt = events.slice(i + 1, i + 3).find((e) => e.type === 'CardsDealt');
      if (dealt?.type !== 'CardsDealt') return null;
      const cut = events[i + 3];
      return {
        type: 'DealCards',
        seed: dealt.data.seed ?? undefined,
        order: dealt.data.seed === null ? dealt.data.order : undefined,
        salt: dealt.data.salt,
        cutIndex:
          cut?.type === 'FirstLeadCut' && cut.data.recuts.length === 0 ? cut.data.cutIndex : undefined,
        now: event.data.startedAt,
      };
    }
    case 'TributeGiven':
      return { type: 'GiveTribute', seat: event.data.from, card: event.data.card };
    case 'TributeReturned':
      return { type: 'ReturnTribute', seat: event.data.from, card: event.data.card };
    case 'ReturnChosen':
      return { type: 'ChooseReturn', seat: event.data.seat, card: event.data.card };
    case 'TributeResisted':
      return { type: 'ResistTribute', seat: event.data.seats[0] ?? 'S' };
    case 'LeadAssigned':
      return event.data.reason === 'designated' ? { type: 'DesignateLeader', seat: event.data.seat } : null;
    case 'CardsPlayed':
      return {
        type: 'PlayCards',
        seat: event.data.seat,
        cards: event.data.cards,
        as: event.data.declared ? event.data.as : undefined,
      };
    case 'Passed':
      return { type: 'Pass', seat: event.data.seat };
    case 'PenaltyIssued': {
      const { sanction, ...rest } = event.data;
      return sanction === 'turnLost'
        ? {
            type: 'PenalizeOutOfTurnPlay',
            seat: rest.seat,
            refereeId: rest.refereeId,
            playedType: banned(events[i + 1]),
          }
        : { type: 'IssuePenalty', ...rest, sanction };
    }
    case 'PlayDutyImposed':
      return dutyCommand(event.data);
    case 'LevelsAwarded':
      return {
        type: 'AwardLevels',
        team: event.data.team,
        levels: event.data.levels,
        rule: event.data.rule,
        refereeId: event.data.refereeId,
      };
    case 'TimeCalled':
      return { type: 'CallTime', now: event.data.at };
    case 'MatchForfeited':
      return { type: 'ForfeitMatch', ...event.data };
    case 'DeckCommitted':
    case 'CardsDealt':
    case 'FirstLeadCut':
    case 'TributeAssigned':
    case 'CardsReported':
    case 'PlayerFinished':
    case 'TrickWon':
    case 'HandEnded':
    case 'DeckRevealed':
    case 'MatchEnded':
      return null;
    default:
      return unknown(event);
  }
}

/** GD-PEN-11: the type played out of turn, recorded as the partner's duty right after the penalty. */
function banned(next: GuandanEvent | undefined): ComboType | undefined {
  return next?.type === 'PlayDutyImposed' && next.data.duty.kind === 'notLeadType'
    ? next.data.duty.type
    : undefined;
}

/** The referee's ruling that imposed a duty on its own (GD-TRIB-9, GD-PEN-9 leader). */
function dutyCommand(data: EventOf<'PlayDutyImposed'>['data']): GuandanCommand | null {
  const { seat, duty, refereeId } = data;
  switch (duty.kind) {
    case 'playCardFirst':
      return { type: 'RecordShownCard', seat, card: duty.card, refereeId };
    case 'leadType':
      return { type: 'RuleWrongLead', seat, cards: duty.cards, leadType: duty.type, refereeId };
    // GD-PEN-11's ban is recorded inside PenalizeOutOfTurnPlay's decision, never on its own.
    case 'notLeadType':
      return data.rule === 'GD-PEN-9'
        ? { type: 'BanExposedType', seat: partnerOf(seat), exposedType: duty.type, refereeId }
        : null;
  }
}

function unknown(event: never): null {
  return event;
}

/** A MatchCreated recorded before later ruleset fields existed reads with their defaults. */
function withDefaultsFilledIn(event: GuandanEvent): GuandanEvent {
  return event.type === 'MatchCreated'
    ? { ...event, data: { ...event.data, ruleset: withLaterFieldDefaults(event.data.ruleset) } }
    : event;
}

function sameEvents(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((x, k) => deepEqual(x, b[k]));
}

/** Structural equality of JSON-like values, ignoring key order and undefined-valued keys. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, k) => deepEqual(x, b[k]));
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
