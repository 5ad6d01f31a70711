import type { CatalogEntry } from './rule-catalog';

/**
 * The product's decisions on the Guandan rules' open questions (DEC-GD-*). Each is the default of
 * the cga2017 ruleset and, where organisers plausibly differ, a ruleset field. The source names
 * the rules it decides.
 */
export const GUANDAN_DECISIONS: readonly CatalogEntry[] = [
  {
    id: 'DEC-GD-1',
    title:
      'The level played is that of the pair whose player was first in the previous deal; 2 in a game’s first deal; after a foul, the non-offending pair’s',
    section: 'Decisions',
    source: 'decides GD-LVL-3',
  },
  {
    id: 'DEC-GD-2',
    title:
      'A level-up never jumps past A; A+ only by winning at one’s own A with first place and the partner not last',
    section: 'Decisions',
    source: 'decides GD-LVL-5, GD-LVL-6',
  },
  {
    id: 'DEC-GD-3',
    title:
      'Cut-card count: the cutter counts as 1, A=1, J=11, Q=12, K=13, counter-clockwise; software deals record the turned card’s index',
    section: 'Decisions',
    source: 'decides GD-DEAL-1',
  },
  {
    id: 'DEC-GD-4',
    title:
      'Five consecutive cards of one suit are a straight flush unless the play declares a plain straight',
    section: 'Decisions',
    source: 'decides Q-SF (GD-COMBO-9)',
  },
  {
    id: 'DEC-GD-5',
    title:
      'A play whose cards admit more than one legal reading must declare it; an undeclared ambiguous play is rejected; a single legal reading is taken',
    section: 'Decisions',
    source: 'decides GD-WILD-5',
  },
  {
    id: 'DEC-GD-6',
    title: 'A full house may carry a pair of identical jokers; five cards of one rank are always a bomb',
    section: 'Decisions',
    source: 'decides GD-COMBO-6',
  },
  {
    id: 'DEC-GD-7',
    title:
      'Bombs of 9 and 10 cards are legal in cga2017 and cesa2023; house004 caps bombs at 8 (maxBombLength)',
    section: 'Decisions',
    source: 'decides GD-COMBO-8, GD-VAR-004-13',
  },
  {
    id: 'DEC-GD-8',
    title:
      'A return of “10 or lower” is judged by face value 2..10; with no such card, the returner’s lowest card',
    section: 'Decisions',
    source: 'decides GD-TRIB-3',
  },
  {
    id: 'DEC-GD-9',
    title: 'Whenever a player goes out with a play nobody beats, his partner leads (if still holding cards)',
    section: 'Decisions',
    source: 'decides GD-PLAY-8',
  },
  {
    id: 'DEC-GD-10',
    title:
      'A violation skips the offender for one whole trick, the current one or else the next; a lead he loses passes to his 下家',
    section: 'Decisions',
    source: 'decides GD-PEN-3',
  },
  {
    id: 'DEC-GD-11',
    title:
      'After a foul there is no tribute and the non-offending pair designates any of the four players to lead',
    section: 'Decisions',
    source: 'decides GD-LEAD-5',
  },
  {
    id: 'DEC-GD-12',
    title:
      'A wrong return found after play started is a recorded warning; the deal is not changed; the referee may escalate',
    section: 'Decisions',
    source: 'decides GD-TRIB-8',
  },
  {
    id: 'DEC-GD-13',
    title: 'A forfeit scores 2:0 and 18:0, or the actual level points when the margin already exceeds 18',
    section: 'Decisions',
    source: 'decides GD-SCORE-4 (000 第十六条 四)',
  },
  {
    id: 'DEC-GD-14',
    title:
      'Wildcards played with no natural card read only as themselves; a wildcard stands in for another rank only beside a natural card',
    section: 'Decisions',
    source: 'decides GD-WILD-3',
  },
  {
    id: 'DEC-GD-15',
    title:
      'The extra deal on top of a level knockout game is played at the level both pairs stood on, as a first deal: no tribute, the lead to the turned card',
    section: 'Decisions',
    source: 'decides GD-LVL-2, GD-TRIB-1 and GD-LEAD-1 for TRN-KO-5 (b)',
  },
];
