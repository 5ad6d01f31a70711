import { faceOfCard, isCardId, isJoker, rankOf, suitOf } from '@tablecast/cards/view';
import { levelRank, type EventOf, type GuandanEventType, type Reading } from '@tablecast/guandan/view';
import { rankLabel } from '../../../lib/cards/card-look';
import type { ReplayView } from '@tablecast/protocol';
import type { Lang } from '../../../lib/i18n';
import {
  appealSentence,
  correctionSentence,
  penaltySentence,
  rulingSentence,
  type AppealFiledData,
  type Namer,
  type ResultCorrectedData,
  type RulingIssuedData,
} from '../../../lib/events/arbitration-summaries';
import { arbitrationWords } from '../../../lib/events/arbitration-words';
import { eventName, isKnownEventType, type KnownEventType } from './event-names';
import { summaryWords, type SummaryWords } from './summary-words';

/**
 * One human sentence per event for the arbitration replay: seat names, the players'
 * names where the replay has them, cards as faces. Display only: it names what the log recorded
 * and evaluates no rule (STYLE 11). The exact data stays on the page beside it (raw data block).
 */
export interface EventSummary {
  readonly text: string;
  /** Card ids the event names (a play, a tribute card), for the page to draw. */
  readonly cards: readonly string[];
}

export interface SummaryContext {
  readonly lang: Lang;
  /** Names from the match's MatchCreated (the replay view's `names`), when known. */
  readonly names?: ReplayView['names'];
}

interface Seen {
  readonly type: string;
  readonly data: unknown;
}

/**
 * The summary of an event, or null for a type this page does not know (a newer server) or data
 * it cannot read: the page then shows the code name and the raw data, never breaks.
 */
export function summarizeEvent(event: Seen, context: SummaryContext): EventSummary | null {
  if (!isKnownEventType(event.type) || typeof event.data !== 'object' || event.data === null) return null;
  try {
    const summary = summarize(event.type, event.data, new Speaker(context));
    // Data missing a field the sentence needs reads as "undefined": better the raw data alone.
    return /\bundefined\b|\bNaN\b/.test(summary.text) ? null : summary;
  } catch {
    return null;
  }
}

/** The seat an event is about (who played, passed, paid tribute, was penalised), or null. */
export function eventSeat(event: Seen): string | null {
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const seat: unknown = 'seat' in data ? data.seat : 'from' in data ? data.from : null;
  return typeof seat === 'string' && /^[SENW]$/.test(seat) ? seat : null;
}

/** A seat as the summaries name it: 南（张伟）, South (Zhang Wei); the seat alone without a name. */
export function seatLabel(seat: string, context: SummaryContext): string {
  return new Speaker(context).who(seat);
}

/** A pair as the summaries name it: 南北（江苏队）. */
export function teamLabel(pair: string, context: SummaryContext): string {
  return new Speaker(context).team(pair);
}

/** A level as the summaries write it: levelIndex 0 = 2 … 12 = A, 13 = past A (GD-LVL-1). */
export function levelLabel(index: number): string {
  return index >= 13 ? 'A+' : rankLabel(levelRank(index));
}

/** Names seats, teams, cards and levels in the context's language. */
class Speaker implements Namer {
  readonly words: SummaryWords;
  readonly lang: Lang;
  constructor(private readonly context: SummaryContext) {
    this.words = summaryWords[context.lang];
    this.lang = context.lang;
  }
  who(seat: string): string {
    // An empty name (a match created without one) reads as no name.
    const name = entry(this.context.names?.players, seat);
    return this.words.who(this.word(this.words.seats, seat), name === '' ? null : name);
  }
  team(pair: string): string {
    const name = entry(this.context.names?.teams, pair);
    return this.words.team(this.word(this.words.teams, pair), name === '' ? null : name);
  }
  face(card: string): string {
    if (!isCardId(card)) return card;
    const face = faceOfCard(card);
    if (isJoker(face)) return this.words.jokers[face];
    return `${SUIT_SYMBOLS[suitOf(face)]}${rankLabel(rankOf(face))}`;
  }
  faces(cards: readonly string[]): string {
    return cards.map((card) => this.face(card)).join(' ');
  }
  combo(as: Reading, cards: number): string {
    return as.type === 'bomb' ? this.words.bombOf(cards) : this.words.combos[as.type];
  }
  level(index: number): string {
    return levelLabel(index);
  }
  event(type: string): string {
    return eventName(type, this.lang);
  }
  word(table: Readonly<Record<string, string>>, key: string): string {
    return table[key] ?? key;
  }
}

/** A name by seat or pair, '' when absent (the key comes from event data, not from the type). */
function entry(names: object | undefined, key: string): string {
  const value: unknown = names && Object.hasOwn(names, key) ? (names as Record<string, unknown>)[key] : '';
  return typeof value === 'string' ? value : '';
}

const SUIT_SYMBOLS = { S: '♠', H: '♥', C: '♣', D: '♦' } as const;

const line = (text: string, cards: readonly string[] = []): EventSummary => ({ text, cards });
/** A sentence with its cards written out after a colon (the page also draws them). */
const withCards = (speaker: Speaker, text: string, cards: readonly string[]): EventSummary =>
  line(`${text}${speaker.words.colon}${speaker.faces(cards)}`, cards);

type Data<T extends GuandanEventType> = EventOf<T>['data'];

function summarize(type: KnownEventType, raw: object, s: Speaker): EventSummary {
  const w = s.words;
  switch (type) {
    case 'CardsPlayed': {
      const d = raw as Data<'CardsPlayed'>;
      // GD-WILD-5: said only when the player named the combination (an ambiguous wildcard play).
      const declared = d.declared ? arbitrationWords[s.lang].declared : '';
      return withCards(
        s,
        `${w.played(s.who(d.seat), s.combo(d.as, d.cards.length), d.lead)}${declared}`,
        d.cards,
      );
    }
    case 'Passed':
      return line(w.passed(s.who((raw as Data<'Passed'>).seat)));
    case 'TributeGiven': {
      const d = raw as Data<'TributeGiven'>;
      return withCards(s, w.tributeGiven(s.who(d.from)), [d.card]);
    }
    case 'TributeAssigned': {
      const d = raw as Data<'TributeAssigned'>;
      const parts = d.assignments.map(
        (a) => `${w.tributeAssigned(s.who(a.from), s.who(a.to))} ${s.face(a.card)}`,
      );
      return line(
        w.list(parts),
        d.assignments.map((a) => a.card),
      );
    }
    case 'TributeReturned': {
      const d = raw as Data<'TributeReturned'>;
      return withCards(s, w.tributeReturned(s.who(d.from), s.who(d.to)), [d.card]);
    }
    case 'ReturnChosen': {
      const d = raw as Data<'ReturnChosen'>;
      return withCards(s, w.returnChosen(s.who(d.seat)), [d.card]);
    }
    case 'TributeResisted':
      return line(
        w.tributeResisted(w.list((raw as Data<'TributeResisted'>).seats.map((seat) => s.who(seat)))),
      );
    case 'LeadAssigned': {
      const d = raw as Data<'LeadAssigned'>;
      return line(w.leadAssigned(s.who(d.seat), s.word(w.leadReasons, d.reason)));
    }
    case 'CardsReported': {
      const d = raw as Data<'CardsReported'>;
      return line(w.reported(s.who(d.seat), d.count));
    }
    case 'PlayerFinished': {
      const d = raw as Data<'PlayerFinished'>;
      return line(w.finished(s.who(d.seat), w.places[d.place - 1] ?? String(d.place)));
    }
    case 'TrickWon': {
      const d = raw as Data<'TrickWon'>;
      return line(w.trickWon(s.who(d.seat), s.who(d.nextLeader)));
    }
    case 'HandStarted': {
      const d = raw as Data<'HandStarted'>;
      return line(w.handStarted(d.handNumber, rankLabel(d.level), s.word(w.tributeKinds, d.tribute)));
    }
    case 'HandEnded':
      return handEnded(raw as Data<'HandEnded'>, s);
    case 'DeckCommitted': {
      const d = raw as Data<'DeckCommitted'>;
      return line(w.deckCommitted(d.handNumber, `${d.commitment.slice(0, 16)}…`));
    }
    case 'DeckRevealed':
      return line(w.deckRevealed((raw as Data<'DeckRevealed'>).handNumber));
    case 'CardsDealt': {
      const d = raw as Data<'CardsDealt'>;
      return line(w.dealt(d.handNumber, s.who(d.firstDrawer), d.seed));
    }
    case 'FirstLeadCut': {
      const d = raw as Data<'FirstLeadCut'>;
      return withCards(s, w.cut(s.who(d.seat), d.recuts.length), [d.card]);
    }
    case 'MatchCreated':
      return matchCreated(raw as Data<'MatchCreated'>, s);
    case 'PenaltyIssued':
      return line(penaltySentence(raw as Data<'PenaltyIssued'>, s));
    case 'PlayDutyImposed':
      return playDuty(raw as Data<'PlayDutyImposed'>, s);
    case 'LevelsAwarded': {
      const d = raw as Data<'LevelsAwarded'>;
      return line(w.levelsAwarded(s.team(d.team), d.levels, d.rule));
    }
    case 'TimeCalled':
      return line(w.timeCalled((raw as Data<'TimeCalled'>).handInProgress));
    case 'MatchForfeited': {
      const d = raw as Data<'MatchForfeited'>;
      return line(w.forfeited(s.team(d.team), d.rule));
    }
    case 'MatchEnded': {
      const d = raw as Data<'MatchEnded'>;
      // Match points are kept in tenths (DEC-T-2).
      const score = `${s.team('NS')} ${String(d.matchPoints.NS / 10)} : ${String(d.matchPoints.EW / 10)} ${s.team('EW')}`;
      const winner = d.winner === null ? null : s.team(d.winner);
      return line(`${w.matchEnded(winner, score, s.word(w.endReasons, d.reason))} ${d.rule}`);
    }
    case 'AppealFiled':
      return line(appealSentence(raw as AppealFiledData, s));
    case 'RulingIssued':
      return line(rulingSentence(raw as RulingIssuedData, s));
    case 'ResultCorrected':
      return line(correctionSentence(raw as ResultCorrectedData, s));
    case 'PlayersLeftTable':
      return line(w.leftTable);
    case 'PairingsPublished': {
      const d = raw as { round: number; pairings: readonly unknown[] };
      return line(w.pairings(d.round, d.pairings.length));
    }
    case 'CorrectionRequested': {
      const d = raw as { toRevision: number; reason: string };
      return line(w.correctionRequested(d.toRevision, d.reason));
    }
    case 'CorrectionConfirmed': {
      const d = raw as { retracted: { from: number; to: number } };
      return line(w.correctionConfirmed(d.retracted.from, d.retracted.to));
    }
    case 'CorrectionRejected':
      return line(w.correctionRejected((raw as { note: string }).note));
    case 'BroadcastDelaySet': {
      const d = raw as { delayMs: number; previousDelayMs: number };
      return line(w.delaySet(seconds(d.previousDelayMs), seconds(d.delayMs)));
    }
    // A tournament stream's events are never in a match's log; should one be shown here, the page
    // shows its code name and raw data, as for any event it cannot summarise.
    case 'TournamentCreated':
    case 'EntrantRegistered':
    case 'EntrantLateEntered':
    case 'EntrantWithdrawn':
    case 'RoundPaired':
    case 'RoundPublished':
    case 'MatchAssigned':
    case 'BoardAssigned':
    case 'RoundBoardSetCreated':
    case 'RoundBoardSeedReleased':
    case 'KnockoutGameRecorded':
    case 'ResultRecorded':
    case 'TableResultRecorded':
    case 'TournamentResultCorrected':
    case 'BoardTimeCorrected':
    case 'StageAdvanced':
      throw new Error(`${type} belongs to a tournament's log, not a match's`);
    default: {
      const unhandled: never = type;
      throw new Error(`no summary for ${String(unhandled)}`);
    }
  }
}

const seconds = (ms: number): string => `${String(ms / 1000)} s`;

function handEnded(d: Data<'HandEnded'>, s: Speaker): EventSummary {
  const w = s.words;
  const places = w.list(d.places.map((seat, i) => `${w.places[i] ?? ''} ${s.who(seat)}`));
  const team = d.winningTeam;
  let text = w.handEnded(
    d.handNumber,
    places,
    s.team(team),
    d.levelUp,
    s.level(d.levelsBefore[team]),
    s.level(d.levelsAfter[team]),
  );
  if (d.doubleDown) text += `${w.comma}${w.doubleDown}`;
  if (d.foulBy !== null) text += `${w.comma}${w.foulBy(s.team(d.foulBy))}`;
  return line(text);
}

function matchCreated(d: Data<'MatchCreated'>, s: Speaker): EventSummary {
  const w = s.words;
  const f = d.format;
  const format =
    f.kind === 'toPastAce'
      ? w.formats.toPastAce
      : f.kind === 'fixedDeals'
        ? w.formats.fixedDeals(f.deals)
        : f.kind === 'timed'
          ? w.formats.timed(f.minutes)
          : w.formats.timedOrFixedDeals(f.deals, f.minutes);
  const seats = (['N', 'E', 'S', 'W'] as const).map((seat) => {
    const player = d.players.find((p) => p.seat === seat);
    return w.who(w.seats[seat], player?.name ?? null);
  });
  const teams = (pair: 'NS' | 'EW'): string => w.team(w.teams[pair], d.teams[pair].name);
  return line(`${w.created(d.table, teams('NS'), teams('EW'), format)}${w.comma}${w.list(seats)}`);
}

function playDuty(d: Data<'PlayDutyImposed'>, s: Speaker): EventSummary {
  const w = s.words;
  const who = s.who(d.seat);
  const duty = d.duty;
  if (duty.kind === 'playCardFirst')
    return withCards(s, `${w.duties.playCardFirst(who)} (${d.rule})`, [duty.card]);
  const combo = w.combos[duty.type];
  if (duty.kind === 'leadType')
    return withCards(s, `${w.duties.leadType(who, combo)} (${d.rule})`, duty.cards);
  return line(`${w.duties.notLeadType(who, combo)} (${d.rule})`);
}
