import { DOUDIZHU_RULES } from './doudizhu-rules';
import type { CatalogEntry, RuleCatalog, SourceDocument } from './rule-catalog';

/** The rulebook the Dou Dizhu citations name by number. */
export const DOUDIZHU_SOURCES: readonly SourceDocument[] = [
  {
    id: '002',
    title: '竞技二打一扑克竞赛规则 (competitive Dou Dizhu rules)',
    issuer: '国家体育总局棋牌运动管理中心',
  },
];

/**
 * The product's decisions on the Dou Dizhu rules' open questions (DEC-DDZ-*); the source names the
 * rules each decides.
 */
export const DOUDIZHU_DECISIONS: readonly CatalogEntry[] = [
  {
    id: 'DEC-DDZ-1',
    title:
      'Bids are 1, 2, 3 or pass (the source’s 0 is the pass); a 3 ends bidding; an all-pass board is redealt and the redeal recorded',
    section: 'Decisions',
    source: 'decides DDZ-BID-3, DDZ-BID-5',
  },
  {
    id: 'DEC-DDZ-2',
    title: 'The first bidder is seat 0 of the board in duplicate play, rotating by board number otherwise',
    section: 'Decisions',
    source: 'decides DDZ-BID-1',
  },
  {
    id: 'DEC-DDZ-3',
    title:
      'Wings: one single or one pair per triple, never the rocket, a four or a triple next to the chain; two single wings may share a rank; four-with-two takes two singles (one rank allowed) or two pairs, never the rocket',
    section: 'Decisions',
    source: 'decides DDZ-COMBO-10, DDZ-COMBO-11',
  },
  {
    id: 'DEC-DDZ-4',
    title:
      'A duplicate board’s deals (order and salt) are revealed at every table it was dealt at only once it has ended at all of them, or the organiser closes it; never at one table’s board end. A revealed or closed board is dealt nowhere any more; a board dealt for one table alone is revealed at its own end. The ruleset’s `duplicateReveal`: `allTables` (this decision, the default) or `ownEnd` (every table reveals at its own end)',
    section: 'Decisions',
    source: 'decides DDZ-GEN-1',
  },
  {
    id: 'DEC-DDZ-5',
    title:
      'A duplicate board of a set that declares its tables is held on every table’s delayed broadcast until the delay has passed since the last declared table was dealt it (BoardHoldLifted, recorded at every table of the set); then it flows as for a single table. The organiser’s close lifts the hold too. The venue is unchanged (never a hand). The ruleset’s `broadcastHold`: `lastTableDealt` (this decision, the default) or `none` (each table’s own delay only)',
    section: 'Decisions',
    source: 'decides DDZ-GEN-1',
  },
  {
    id: 'DEC-DDZ-6',
    title:
      'Own play time (只累计玩家出牌用时) is the play phase alone: each turn runs from the recorded time of the choice that started it (the last double or redouble before the first lead, then the previous play or pass) to the player’s play or pass, a clock default’s included; bidding and doubling never count. A ruling or an appeal stops neither the turn clock nor this time; a choice recorded without a time counts nothing. A board’s turns are summed in ms and rounded once to whole seconds (half up), as the score sheet prints them',
    section: 'Decisions',
    source: 'decides DDZ-TB-1',
  },
];

export const DOUDIZHU_RULE_CATALOG: RuleCatalog = {
  game: 'doudizhu',
  rulePrefix: 'DDZ-',
  decisionPrefix: 'DEC-DDZ-',
  moduleDir: 'libs/doudizhu',
  sources: DOUDIZHU_SOURCES,
  rules: DOUDIZHU_RULES,
  decisions: DOUDIZHU_DECISIONS,
};
