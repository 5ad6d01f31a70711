import type { CatalogEntry } from './rule-catalog';

/**
 * The Big Two rule IDs (B2-*), each with a short English title, the section of the project's rules
 * digest it belongs to, and its citation in the source rulebook 001 (article 條 and clause).
 * IDs are stable: a dropped rule stays here, marked withdrawn.
 */
export const BIGTWO_RULES: readonly CatalogEntry[] = [
  {
    id: 'B2-GEN-1',
    title:
      'Duplicate play on networked devices: four players a table, compared with those who played the same board in the same seat',
    section: '§1 General',
    source: '001 第二條; 第三條; 第十三條',
  },
  {
    id: 'B2-GEN-2',
    title: 'The competition software shuffles, deals and prevents every breach of the rules',
    section: '§1 General',
    source: '001 第三條; 第五條; 第十五條',
  },
  {
    id: 'B2-GEN-3',
    title:
      'Event types: on-site or remote, Swiss movement, pair against pair (人人賽) or against software (人機賽); scoring per player',
    section: '§1 General',
    source: '001 第十二條; 第十三條',
  },
  {
    id: 'B2-SEAT-1',
    title:
      "上家 is on one's left, 下家 on one's right, 對家 opposite; play is counter-clockwise (S → E → N → W)",
    section: '§1 General',
    source: '001 第四條 一; 第七條',
  },
  {
    id: 'B2-TERM-1',
    title: '首家 has the first right to play: the holder of ♦3',
    section: '§1 General',
    source: '001 第四條 二',
  },
  {
    id: 'B2-DEAL-1',
    title: 'One deck of 52 cards without jokers, 13 to each player',
    section: '§2 Cards and deal',
    source: '001 第四條 三–四',
  },
  {
    id: 'B2-DEAL-2',
    title: 'The software shuffles and deals',
    section: '§2 Cards and deal',
    source: '001 第五條',
  },
  {
    id: 'B2-SHOW-1',
    title: 'After the deal each player may show his whole hand (明牌) within 10 s; no choice is "not shown"',
    section: '§3 Showing and doubling',
    source: '001 第四條 九; 第六條',
  },
  {
    id: 'B2-DBL-1',
    title:
      'After the show choices the four decide in turn from 首家 whether to double (加倍), 10 s each, timeout is no double',
    section: '§3 Showing and doubling',
    source: '001 第六條',
  },
  {
    id: 'B2-DBL-2',
    title: 'Showing is a factor 3 and doubling a factor 2 in scoring',
    section: '§3 Showing and doubling',
    source: '001 第六條; 附錄一',
  },
  {
    id: 'B2-PLAY-1',
    title: 'The holder of ♦3 leads first, with a play that contains ♦3',
    section: '§4 Play',
    source: '001 第七條',
  },
  {
    id: 'B2-PLAY-2',
    title: 'The winner of a trick leads the next; a leader may lead any valid combination',
    section: '§4 Play',
    source: '001 第四條 六; 第七條',
  },
  {
    id: 'B2-PLAY-3',
    title: 'The others follow in turn with the same combination type and a higher play, or pass',
    section: '§4 Play',
    source: '001 第七條; 第九條',
  },
  {
    id: 'B2-PLAY-4',
    title: 'A trick ends when three consecutive players pass',
    section: '§4 Play',
    source: '001 第四條 五',
  },
  {
    id: 'B2-PLAY-5',
    title: 'A legal play cannot be taken back',
    section: '§4 Play',
    source: '001 第七條 2.1',
  },
  {
    id: 'B2-PLAY-6',
    title: 'One card left (報單): the software tells the other players',
    section: '§4 Play',
    source: '001 第四條 八; 第七條 2.1',
  },
  {
    id: 'B2-PLAY-7',
    title:
      'The player before a one-card player must play his highest single or a combination of more than one card',
    section: '§4 Play',
    source: '001 第七條 2.1',
  },
  {
    id: 'B2-PLAY-8',
    title: 'No time limit for playing cards in the source; a play clock is a ruleset option',
    section: '§4 Play',
    source: '001 (none)',
  },
  {
    id: 'B2-PLAY-9',
    title: 'Players must not reveal their cards by speech or gesture',
    section: '§4 Play',
    source: '001 第十七條 一 3',
  },
  {
    id: 'B2-COMBO-1',
    title: 'Single: any one card, 3 up to 2',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-2',
    title: 'Pair: two cards of one rank',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-3',
    title: 'Triple: three cards of one rank',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-4',
    title: 'Straight: five consecutive cards; A may start (A2345) or end (TJQKA) it, never sit inside',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-5',
    title: 'Flush: five cards of one suit, not consecutive',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-6',
    title: 'Full house (葫蘆): a triple and a pair',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-7',
    title: 'Four of a kind (鐵枝): four cards of a rank and any one card; four alone is no combination',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-8',
    title: 'Straight flush: five consecutive cards of one suit',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-COMBO-9',
    title: 'Nothing else is a combination: no two pairs, no bare four, no straight of other than five cards',
    section: '§5 Combinations',
    source: '001 第八條',
  },
  {
    id: 'B2-CMP-1',
    title: 'Suit order ♠ > ♥ > ♣ > ♦, used only when ranks are equal',
    section: '§6 Comparison',
    source: '001 第九條 一',
  },
  {
    id: 'B2-CMP-2',
    title: 'Singles: 2 > A > K > … > 3, then suit',
    section: '§6 Comparison',
    source: '001 第九條 二',
  },
  {
    id: 'B2-CMP-3',
    title: 'Pairs and triples compare only with the same type: rank, then the higher-suited card',
    section: '§6 Comparison',
    source: '001 第九條 三',
  },
  {
    id: 'B2-CMP-4',
    title:
      'Five-card plays: straight flush > four of a kind > full house > flush > straight; within a class the key card, then its suit',
    section: '§6 Comparison',
    source: '001 第九條 四',
  },
  {
    id: 'B2-CMP-5',
    title: 'A following play must be strictly greater',
    section: '§6 Comparison',
    source: '001 第七條',
  },
  {
    id: 'B2-END-1',
    title: 'The board ends when a player has played all his cards; card points then scores',
    section: '§7 End of a board',
    source: '001 第十條',
  },
  {
    id: 'B2-SCORE-1',
    title: 'Card points by cards left: n for 0–7, 2n for 8–9, 3n for 10–12, 4n for 13',
    section: '§8 Scoring',
    source: '001 附錄一 一',
  },
  {
    id: 'B2-SCORE-2',
    title: 'Score: Σ over the other three of (P_X − P_A) × show and double factors of both',
    section: '§8 Scoring',
    source: '001 附錄一 一',
  },
  {
    id: 'B2-SCORE-3',
    title: 'The four scores of a table sum to 0 (derived)',
    section: '§8 Scoring',
    source: '001 附錄一 一 (derived)',
  },
  {
    id: 'B2-SCORE-4',
    title: 'The software computes and records the scores after every board',
    section: '§8 Scoring',
    source: '001 第十一條',
  },
  {
    id: 'B2-MP-1',
    title:
      'Matchpoints: 2 per worse score and 1 per equal score among those who played the board in the same seat',
    section: '§9 Matchpoints and ranking',
    source: '001 附錄二 一',
  },
  {
    id: 'B2-MP-2',
    title: 'top = 2(N − 1); MP% = MP / top',
    section: '§9 Matchpoints and ranking',
    source: '001 附錄二 一',
  },
  {
    id: 'B2-MP-3',
    title: 'Board rank by MP%; equal MP% share a rank and later ranks are skipped',
    section: '§9 Matchpoints and ranking',
    source: '001 附錄二 一',
  },
  {
    id: 'B2-MP-4',
    title: 'Ranking points per board rank: 10000 × 1, 0.7, 0.5, 0.35, …',
    section: '§9 Matchpoints and ranking',
    source: '001 附錄二 一',
  },
  {
    id: 'B2-MP-5',
    title: 'Final score S: the sum of the ranking points over the boards',
    section: '§9 Matchpoints and ranking',
    source: '001 附錄二 二 1',
  },
  {
    id: 'B2-TB-1',
    title:
      'Tie-breaks: defeated opponents’ average S, single-round places, total play time, trimmed average time, play-off',
    section: '§9 Matchpoints and ranking',
    source: '001 附錄二 二 2',
  },
  {
    id: 'B2-APL-1',
    title: 'Appeals within 3 hours after the competition, with the fee',
    section: '§10 Appeals and conduct',
    source: '001 第十九條',
  },
  {
    id: 'B2-APL-2',
    title: 'The arbitration committee decides by majority within 2 working days; its decision is final',
    section: '§10 Appeals and conduct',
    source: '001 第二十條; 第十四條 三',
  },
];
