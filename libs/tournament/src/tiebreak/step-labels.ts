/** A tie-break step's short name for pages: zh-CN (the documents' words) and English. */
export interface StepLabel {
  readonly zh: string;
  readonly en: string;
}

/**
 * The short names of every step of the chains (TRN-TB-1 000, TRN-TB-2 003, TRN-TB-4 Dou Dizhu,
 * TRN-TB-5 Big Two), by the step's key; each chain's `method` keeps the long description.
 */
const LABELS: Readonly<Record<string, StepLabel>> = {
  matchPoints: { zh: '场分', en: 'Match points' },
  levelPoints: { zh: '级分', en: 'Level points' },
  levelDifferencePoints: { zh: '级差分', en: 'Level-difference points' },
  levelPointsAmongTied: { zh: '相互间级分', en: 'Level points among the tied' },
  opponentsPoints: { zh: '对手分', en: "Opponents' points" },
  headToHead: { zh: '相互间胜负', en: 'Head to head' },
  roundsWon: { zh: '胜局数', en: 'Rounds won' },
  roundsDrawn: { zh: '平局数', en: 'Rounds drawn' },
  levelDifference: { zh: '累计级差', en: 'Level difference' },
  opponentsMatchPoints: { zh: '对手场分', en: "Opponents' match points" },
  previousRank: { zh: '上轮名次', en: 'Previous rank' },
  S: { zh: '最终成绩S', en: 'Final score S' },
  totalSeconds: { zh: '总用时', en: 'Total time' },
  trimmedMeanSeconds: { zh: '去极值平均用时', en: 'Trimmed average time' },
  placeCounts: { zh: '名次数', en: 'Places' },
  defeatedOpponentsMeanS: { zh: '所胜对手平均S', en: 'Defeated opponents’ mean S' },
};

/** The step's label; a key no chain has (a newer server's) reads as itself in both languages. */
export function tiebreakStepLabel(key: string): StepLabel {
  return LABELS[key] ?? { zh: key, en: key };
}

/** Whether the key has its own label (for the spec that holds every chain's steps labelled). */
export function hasTiebreakStepLabel(key: string): boolean {
  return Object.hasOwn(LABELS, key);
}
