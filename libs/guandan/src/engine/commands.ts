import type { CardId, Rank } from '@tablecast/cards';
import type { MatchFormat } from '../events/match-events';
import type { ComboType, Reading } from '../model/reading';
import type { Seat, Team } from '../model/seats';
import type { Ruleset } from '../ruleset/ruleset';

/**
 * Commands are imperative requests to the decider. Time is an input (`now`, ms) where a rule
 * depends on it; randomness arrives as data (a shuffle seed, a salt), never from the engine.
 */
export interface CreateMatch {
  readonly type: 'CreateMatch';
  /** The venue table (operators are scoped to tables). */
  readonly table: string;
  readonly ruleset: Ruleset;
  readonly format: MatchFormat;
  readonly teams: { readonly NS: { id: string; name: string }; readonly EW: { id: string; name: string } };
  readonly players: readonly { id: string; name: string; seat: Seat }[];
  /** The level both pairs start from (GD-LVL-1; DEC-GD-15: only the extra deal on top of a level game). */
  readonly startLevel?: Rank | undefined;
  readonly now: number;
}

/** Shuffle with `seed` (GD-DEAL-5) or take an entered `order`; `salt` comes from server randomness. */
export interface DealCards {
  readonly type: 'DealCards';
  readonly seed?: string | undefined;
  readonly order?: readonly CardId[] | undefined;
  readonly salt: string;
  /** First deal of a game only: the turned card's index in the order (DEC-GD-3); derived from the salt if absent. */
  readonly cutIndex?: number | undefined;
  readonly now: number;
}

export interface GiveTribute {
  readonly type: 'GiveTribute';
  readonly seat: Seat;
  readonly card: CardId;
}

export interface ReturnTribute {
  readonly type: 'ReturnTribute';
  readonly seat: Seat;
  readonly card: CardId;
}

/** GD-VAR-004-3: a tributer takes one of the two returned cards (equal tributes, unequal returns). */
export interface ChooseReturn {
  readonly type: 'ChooseReturn';
  readonly seat: Seat;
  readonly card: CardId;
}

/** GD-VAR-004-4: where anti-tribute is optional, a tributer holding a big joker claims it. */
export interface ResistTribute {
  readonly type: 'ResistTribute';
  readonly seat: Seat;
}

/** GD-LEAD-5, DEC-GD-11: after a foul, the non-offending pair names the first leader. */
export interface DesignateLeader {
  readonly type: 'DesignateLeader';
  readonly seat: Seat;
}

/** GD-PLAY-1/2; `as` is the declared reading (GD-WILD-5), needed only when the cards are ambiguous. */
export interface PlayCards {
  readonly type: 'PlayCards';
  readonly seat: Seat;
  readonly cards: readonly CardId[];
  readonly as?: Reading | undefined;
}

export interface Pass {
  readonly type: 'Pass';
  readonly seat: Seat;
}

/** A referee's sanction (GD-PEN-2…4). */
export interface IssuePenalty {
  readonly type: 'IssuePenalty';
  readonly seat: Seat;
  readonly sanction: 'warning' | 'violation' | 'foul';
  readonly rule: string;
  readonly refereeId: string;
  readonly note?: string | undefined;
}

/**
 * A player put cards down out of turn (GD-PEN-11 / GD-VAR-004-9). The ruleset decides: under 000
 * the cards go back and he loses his turn once; under 004 the opponents go up a level.
 */
export interface PenalizeOutOfTurnPlay {
  readonly type: 'PenalizeOutOfTurnPlay';
  readonly seat: Seat;
  readonly refereeId: string;
  /** GD-PEN-11 (000): the type he put down; his partner may not lead it in the next trick. */
  readonly playedType?: ComboType | undefined;
}

/**
 * GD-TRIB-9: a player who owes no tribute showed his highest card (`card`); he must play it in
 * his first single (or include it in an earlier non-single play).
 */
export interface RecordShownCard {
  readonly type: 'RecordShownCard';
  readonly seat: Seat;
  readonly card: CardId;
  readonly refereeId: string;
}

/**
 * GD-PEN-9 (leader): the leader's wrong play (`cards`) is taken back; his 上家 chose `leadType`, a
 * type contained in those cards, and the offender must lead that type.
 */
export interface RuleWrongLead {
  readonly type: 'RuleWrongLead';
  readonly seat: Seat;
  readonly cards: readonly CardId[];
  readonly leadType: ComboType;
  readonly refereeId: string;
}

/**
 * GD-PEN-9 (afterwards): after a wrong play (leader or follower), the offender's partner may not
 * lead the offender's main exposed type (`exposedType`) if he wins the lead of the next trick.
 */
export interface BanExposedType {
  readonly type: 'BanExposedType';
  readonly seat: Seat;
  readonly exposedType: ComboType;
  readonly refereeId: string;
}

/** GD-TIME-1: the table clock reports how long the player on turn has been thinking. */
export interface ReportThinkingTime {
  readonly type: 'ReportThinkingTime';
  readonly seat: Seat;
  readonly seconds: number;
  readonly refereeId: string;
}

/** Levels given by ruling (GD-VAR-004-9 out-of-turn foul, GD-VAR-003-14 lateness). */
export interface AwardLevels {
  readonly type: 'AwardLevels';
  readonly team: Team;
  readonly levels: number;
  readonly rule: string;
  readonly refereeId: string;
}

/** GD-VAR-003-14: a pair arrived late by `minutes`; the ruleset's bands decide the award or forfeit. */
export interface RecordLateArrival {
  readonly type: 'RecordLateArrival';
  readonly team: Team;
  readonly minutes: number;
  readonly refereeId: string;
}

/** GD-FMT-3/4: the referee calls time. */
export interface CallTime {
  readonly type: 'CallTime';
  readonly now: number;
}

/** GD-PEN-5: the game is lost by penalty or forfeit. */
export interface ForfeitMatch {
  readonly type: 'ForfeitMatch';
  readonly team: Team;
  readonly rule: string;
  readonly refereeId: string;
}

export type GuandanCommand =
  | CreateMatch
  | DealCards
  | GiveTribute
  | ReturnTribute
  | ChooseReturn
  | ResistTribute
  | DesignateLeader
  | PlayCards
  | Pass
  | IssuePenalty
  | PenalizeOutOfTurnPlay
  | RecordShownCard
  | RuleWrongLead
  | BanExposedType
  | ReportThinkingTime
  | AwardLevels
  | RecordLateArrival
  | CallTime
  | ForfeitMatch;
