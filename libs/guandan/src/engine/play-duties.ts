import { faceOfCard, type CardId } from '@tablecast/cards';
import type { ComboRules } from '../combos/counts';
import { legalPlays } from '../combos/legal-plays';
import type { GuandanEvent } from '../events/catalog';
import type { PlayDuty } from '../events/duty-events';
import type { Reading } from '../model/reading';
import { COMBO_NAMES_ZH } from '../model/reading-names';
import { seatNameZh, type Seat } from '../model/seats';
import type { HandDuty, HandState } from './state';
import { violation, type RuleViolation } from './violation';

/** The duties of a hand; a state folded before duties existed has none. */
const NO_DUTIES: readonly HandDuty[] = [];

export function dutiesOf(hand: HandState): readonly HandDuty[] {
  return hand.duties ?? NO_DUTIES;
}

/** A play the decider has read, about to be checked against its player's duties. */
export interface PlayToCheck {
  readonly hand: HandState;
  readonly rules: ComboRules;
  readonly seat: Seat;
  readonly cards: readonly CardId[];
  readonly reading: Reading;
  /** Whether the play leads the trick. */
  readonly lead: boolean;
}

/**
 * Whether a play breaks a duty of its player (GD-TRIB-9, GD-PEN-9, GD-PEN-11). A duty that the
 * player's hand can no longer meet is not enforced: a leader must always be able to lead.
 */
export function dutyBreach(play: PlayToCheck): RuleViolation | null {
  for (const { seat: bound, rule, duty, waiting } of dutiesOf(play.hand)) {
    if (bound !== play.seat || waiting) continue;
    const breach = breachOf(play, rule, duty);
    if (breach !== null) return breach;
  }
  return null;
}

function breachOf(
  { hand, rules, seat, cards, reading, lead }: PlayToCheck,
  rule: string,
  duty: PlayDuty,
): RuleViolation | null {
  switch (duty.kind) {
    case 'playCardFirst': {
      // GD-TRIB-9 (000 第十七条 五): his first single must be the card he showed (either copy of its face).
      const face = faceOfCard(duty.card);
      if (reading.type !== 'single' || cards.some((c) => faceOfCard(c) === face)) return null;
      return violation(
        rule,
        `${seat} showed ${face}: his first single must be that card`,
        `${seatNameZh(seat)}亮出过最大的牌 ${face}，第一次出单张必须出这张牌`,
      );
    }
    case 'leadType': {
      // GD-PEN-9 (000 第十七条 三): the offender leads the type his 上家 chose.
      if (!lead || reading.type === duty.type || !canLead(hand, rules, seat, (t) => t === duty.type))
        return null;
      return violation(
        rule,
        `${seat} must lead a ${duty.type}, the type chosen by his left-hand opponent`,
        `${seatNameZh(seat)}须按上家所选的牌型出牌：${COMBO_NAMES_ZH[duty.type]}`,
      );
    }
    case 'notLeadType': {
      // GD-PEN-11 (000 第十八条 二): the partner of the out-of-turn player may not lead that type;
      // GD-PEN-9 (第十七条 四): nor the partner of a wrong play its main exposed type.
      if (!lead || reading.type !== duty.type || !canLead(hand, rules, seat, (t) => t !== duty.type))
        return null;
      const outOfTurn = rule === 'GD-PEN-11';
      return violation(
        rule,
        `${seat} may not lead a ${duty.type}: his partner ${outOfTurn ? 'played it out of turn' : 'exposed it in a wrong play'}; lead another type`,
        `${seatNameZh(seat)}的同伴${outOfTurn ? '越序出过' : '出错牌暴露过'}${COMBO_NAMES_ZH[duty.type]}，本圈领出不得出此牌型，须改出其他牌型`,
      );
    }
  }
}

function canLead(
  hand: HandState,
  rules: ComboRules,
  seat: Seat,
  allowed: (type: Reading['type']) => boolean,
): boolean {
  const faces = hand.hands[seat].map(faceOfCard);
  return legalPlays(faces, null, hand.level, rules).some((p) => allowed(p.as.type));
}

/** How a recorded event discharges, arms or expires duties (folded by evolve). */
export function dutiesAfter(duties: readonly HandDuty[], event: GuandanEvent): readonly HandDuty[] {
  if (event.type === 'PlayDutyImposed') {
    const { seat, rule, duty } = event.data;
    // GD-PEN-11: the ban applies to the trick after the one in progress.
    return [...duties, { seat, rule, duty, waiting: duty.kind === 'notLeadType' }];
  }
  if (duties.length === 0) return duties;
  switch (event.type) {
    case 'CardsPlayed': {
      const { seat, cards, lead } = event.data;
      const faces = new Set(cards.map(faceOfCard));
      return duties.filter(({ seat: bound, duty, waiting }) => {
        if (duty.kind === 'playCardFirst') return !(bound === seat && faces.has(faceOfCard(duty.card)));
        if (duty.kind === 'leadType') return !(bound === seat && lead);
        // GD-PEN-11: once the next trick is led, by whoever, the ban is spent.
        return !(lead && !waiting);
      });
    }
    case 'TrickWon':
      return duties.map((d) => (d.waiting ? { ...d, waiting: false } : d));
    default:
      return duties;
  }
}
