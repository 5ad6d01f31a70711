import { describe, expect, it } from 'vitest';
import type { CorrectedScoreboard } from './scoreboard-corrections';
import { matchRecordHtml, type MatchRecordInput } from './match-record-html';

/** A board at the 10s for N–S (levelIndex 8) after two deals; only what the sheet reads. */
const board = {
  matchId: 'm1',
  ruleset: 'cga2017',
  teams: { NS: { id: 'jiangsu', name: '江苏队' }, EW: { id: 'anhui', name: '安徽队' } },
  levels: { NS: 8, EW: 1 },
  levelNames: { NS: 'T', EW: '3' },
  hands: [{ levelsAfter: { NS: 4, EW: 0 } }, { levelsAfter: { NS: 8, EW: 1 } }],
  result: null,
  corrections: [],
} as unknown as CorrectedScoreboard;

const input: MatchRecordInput = {
  board,
  table: 'final-1',
  players: { S: 'zhang-wei', E: 'li-na', N: 'wang-fang', W: 'liu-yang' },
  names: { players: { S: '张伟', E: '李娜', N: '王芳', W: '刘洋' }, teams: { NS: '江苏队', EW: '安徽队' } },
  penalties: [],
  rulings: [],
  verification: 'intact',
  generatedAt: '2026-11-28T08:00:00.000Z',
};

describe('the A4 match record', () => {
  it('names the players, not their ids, and writes the level 10 as "10", never "T"', () => {
    const html = matchRecordHtml(input);
    expect(html).toContain('S 张伟 · N 王芳');
    expect(html).toContain('E 李娜 · W 刘洋');
    expect(html).not.toContain('zhang-wei');
    // The deal-by-deal cells and the final level (牌级) both.
    expect(html.match(/<td>10<\/td>/g)).toHaveLength(2);
    expect(html).not.toMatch(/>T</);
  });

  it('falls back to the ids for a match created without names', () => {
    expect(matchRecordHtml({ ...input, names: null })).toContain('S zhang-wei · N wang-fang');
  });
});
