import { levelRank, type ComboType, type Seat, type Team } from '@tablecast/guandan/view';
import { rankLabel } from '../../lib/cards/card-look';

export type { ComboType, Seat, Team };

/**
 * The names of seats, pairs and combinations that the console and the on-air pages share, so the
 * operator and the audience read the same words (glossary: docs/glossary.md). The
 * on-air Chinese combination names are the short ones players say; the console spells out the
 * two sequences (木板（三连对）) for operators new to the slang.
 */
export const seatNames = {
  zh: { S: '南', E: '东', N: '北', W: '西' },
  en: { S: 'South', E: 'East', N: 'North', W: 'West' },
} as const satisfies Record<'zh' | 'en', Readonly<Record<Seat, string>>>;

export const teamNames = {
  zh: { NS: '南北', EW: '东西' },
  en: { NS: 'N–S', EW: 'E–W' },
} as const satisfies Record<'zh' | 'en', Readonly<Record<Team, string>>>;

export const comboNamesZh: Readonly<Record<ComboType, string>> = {
  single: '单张',
  pair: '对子',
  triple: '三张',
  fullHouse: '三带对',
  straight: '顺子',
  pairSequence: '木板',
  tripleSequence: '钢板',
  bomb: '炸弹',
  straightFlush: '同花顺',
  fourJokers: '四大天王',
};

export const comboNamesEn: Readonly<Record<ComboType, string>> = {
  single: 'Single',
  pair: 'Pair',
  triple: 'Triple',
  fullHouse: 'Full house',
  straight: 'Straight',
  pairSequence: 'Three pairs',
  tripleSequence: 'Two triples',
  bomb: 'Bomb',
  straightFlush: 'Straight flush',
  fourJokers: 'Four jokers',
};

/** A level as players say it: levelIndex 0 = 2 … 12 = A, 13 = past A (GD-LVL-1). */
export function levelName(index: number): string {
  return index >= 13 ? 'A+' : rankLabel(levelRank(index));
}
