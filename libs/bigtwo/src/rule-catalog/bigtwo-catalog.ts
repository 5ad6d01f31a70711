import { BIGTWO_RULES } from './bigtwo-rules';
import type { CatalogEntry, RuleCatalog, SourceDocument } from './rule-catalog';

/** The rulebook the Big Two citations name by number. */
export const BIGTWO_SOURCES: readonly SourceDocument[] = [
  {
    id: '001',
    title: '競技鋤大地撲克競賽規則（試行） (competitive Big Two rules, trial)',
    issuer: '國家體育總局棋牌運動管理中心',
  },
];

/**
 * The product's decisions on the Big Two rules' open questions (DEC-B2-*); the source names the
 * rules each decides.
 */
export const BIGTWO_DECISIONS: readonly CatalogEntry[] = [
  {
    id: 'DEC-B2-1',
    title:
      'A may start (A2345) or end (TJQKA) a straight, never sit inside it; 23456 is a straight. Straights, flushes and straight flushes compare by their highest card in the single order, then its suit (reading (a)); full house by its triple, four of a kind by its four',
    section: 'Decisions',
    source: 'decides B2-COMBO-4, B2-COMBO-8, B2-CMP-4',
  },
  {
    id: 'DEC-B2-2',
    title: 'Card points: n ≤ 7 → n; 8 ≤ n ≤ 9 → 2n; 10 ≤ n ≤ 12 → 3n; 13 → 4n',
    section: 'Decisions',
    source: 'decides B2-SCORE-1',
  },
  {
    id: 'DEC-B2-3',
    title:
      'The player before a one-card player, when he plays a single, plays his highest single; he may still pass or play a multi-card combination',
    section: 'Decisions',
    source: 'decides B2-PLAY-7',
  },
  {
    id: 'DEC-B2-4',
    title:
      'A duplicate board’s deal (order and salt) is revealed at every table it was dealt at only once it has ended at all of them, or the organiser closes it; never at one table’s board end, and no hand is opened to the venue at that end. A revealed or closed board is dealt nowhere any more; a board dealt for one table alone is revealed at its own end. The ruleset’s `duplicateReveal`: `allTables` (this decision, the default) or `ownEnd` (every table reveals at its own end)',
    section: 'Decisions',
    source: 'decides B2-GEN-1',
  },
  {
    id: 'DEC-B2-5',
    title:
      'A duplicate board of a set that declares its tables is held on every table’s delayed broadcast until the delay has passed since the last declared table was dealt it (BoardHoldLifted, recorded at every table of the set); then it flows as for a single table. The organiser’s close lifts the hold too. The venue is unchanged (a hand only once shown, B2-SHOW-1). The ruleset’s `broadcastHold`: `lastTableDealt` (this decision, the default) or `none` (each table’s own delay only)',
    section: 'Decisions',
    source: 'decides B2-GEN-1',
  },
  {
    id: 'DEC-B2-6',
    title:
      'Own play time (只累計玩家出牌用時) is the play phase alone: each turn runs from the recorded time of the choice that started it (the last double before the first lead, then the previous play or pass) to the player’s play or pass, a clock default’s included; showing and doubling never count. A ruling or an appeal stops neither the turn clock nor this time; a choice recorded without a time counts nothing. A board’s turns are summed in ms and rounded once to whole seconds (half up), as the score sheet prints them',
    section: 'Decisions',
    source: 'decides B2-TB-1',
  },
];

export const BIGTWO_RULE_CATALOG: RuleCatalog = {
  game: 'bigtwo',
  rulePrefix: 'B2-',
  decisionPrefix: 'DEC-B2-',
  moduleDir: 'libs/bigtwo',
  sources: BIGTWO_SOURCES,
  rules: BIGTWO_RULES,
  decisions: BIGTWO_DECISIONS,
};
