import {
  DIRECTOR_LOG_CODES,
  type DirectorLogCode,
  type DirectorLogParams,
  type DirectorLogPart,
} from '@tablecast/protocol/producer';
import { describe, expect, it } from 'vitest';
import { directorLogEn, directorLogZh, wordLogLine, type LogNames } from './director-log-words';

/** Parameters for every code, in ASCII, so a Chinese character in a line can only be the catalog's. */
const SAMPLES: { readonly [K in DirectorLogCode]: DirectorLogParams[K] } = {
  directorOff: {},
  ruleOff: {},
  ruleCooldown: { agoMs: 6_000, cooldownMs: 10_000 },
  sceneDwell: { agoMs: 3_000, dwellMs: 8_000 },
  otherMatchOnObs: { obs: 'main', matchId: 'F2' },
  emptyTableOnObs: { obs: 'main', table: 't2' },
  noTableOnProgram: { obs: 'main' },
  cueMoment: { moment: 'bomb' },
  cueLowerThird: { seat: 'S' },
  take: { obs: 'main', transition: 'Fade' },
  alreadyOnProgram: { obs: 'main', scene: 'Table' },
  switchScene: { obs: 'main', scene: 'Overhead', mode: 'cut', returnTo: 'Table', returnAfterMs: 5_000 },
  returnScene: { obs: 'main', home: 'Table', away: 'Overhead' },
  bombPlayed: { seat: 'S', cards: ['SKb', 'HKa'], combo: 'bomb' },
  tributeResisted: { seats: ['E', 'W'] },
  tributeExchanged: { deal: 2 },
  dealWon: { deal: 3, team: 'NS', levelUp: 2 },
  penaltyGiven: { seat: 'N', sanction: 'warning', rule: 'GD-TIME-1' },
  matchPoint: { deal: 9, team: 'EW' },
  matchEnded: { matchId: 'F1' },
  gameMoment: { game: 'doudizhu', kind: 'rocket', seat: '1', rule: 'DDZ-COMBO-1' },
  deliveredToPages: { pages: 2 },
  sceneOnProgram: { scene: 'Overhead' },
  sceneTaken: { scene: 'Standings' },
  previewTaken: { transition: null },
  noPageConnected: { matchId: 'F1' },
  notInStudioMode: { obs: 'main' },
  previewNotKept: { obs: 'main', scene: 'Standings' },
  tookOtherScene: { obs: 'main', scene: 'Standings', program: 'Table' },
  failed: { reason: 'OBS "main" is not connected' },
};

const names: LogNames = { moment: (m) => `<${m}>`, seat: (s) => `<${s}>` };
const part = (code: DirectorLogCode): DirectorLogPart => ({ code, params: SAMPLES[code] }) as DirectorLogPart;
const HAN = /\p{Script=Han}/u;

describe("the director log's catalog", () => {
  it('words every code the server sends in zh-CN and in English, and no code it does not send', () => {
    expect(Object.keys(directorLogZh.parts).sort()).toEqual([...DIRECTOR_LOG_CODES].sort());
    expect(Object.keys(directorLogEn.parts).sort()).toEqual([...DIRECTOR_LOG_CODES].sort());
    for (const code of DIRECTOR_LOG_CODES) {
      const zh = wordLogLine(directorLogZh, [part(code)], names);
      const en = wordLogLine(directorLogEn, [part(code)], names);
      expect(zh, code).toMatch(HAN);
      expect(en, code).not.toMatch(HAN);
      expect(en, code).toMatch(/\w/);
      for (const line of [zh, en]) expect(line, code).not.toMatch(/undefined|null|NaN|\[object/);
    }
  });

  it('carries the parameters into the line: seats and moments by the dashboard’s names, times in seconds', () => {
    expect(wordLogLine(directorLogZh, [part('ruleCooldown'), part('bombPlayed')], names)).toBe(
      '规则 6.0 秒前已执行（冷却 10.0 秒）；<S>打出 SKb HKa（炸弹）',
    );
    expect(wordLogLine(directorLogEn, [part('cueMoment'), part('deliveredToPages')], names)).toBe(
      'cue moment: <bomb>; delivered to 2 pages',
    );
    expect(wordLogLine(directorLogZh, [part('penaltyGiven')], names)).toBe('<N>被判警告（GD-TIME-1）');
    // On-air scenes with no table on program: the rule that would cut them says why it did not.
    expect(wordLogLine(directorLogZh, [part('noTableOnProgram'), part('bombPlayed')], names)).toBe(
      'OBS「main」载入的是播出桌的场景，目前没有桌在播出；<S>打出 SKb HKa（炸弹）',
    );
    expect(wordLogLine(directorLogEn, [part('noTableOnProgram')], names)).toBe(
      'OBS "main" has the on-air scenes loaded and no table is on program',
    );
    expect(wordLogLine(directorLogZh, [part('matchEnded')], names)).toBe('比赛 F1 结束');
    expect(wordLogLine(directorLogEn, [part('matchEnded')], names)).toBe('match F1 ended');
  });

  it('gives up on a code it does not know (a newer server): the caller shows the server’s text', () => {
    const unknown = { code: 'somethingNew', params: {} } as unknown as DirectorLogPart;
    expect(wordLogLine(directorLogZh, [part('directorOff'), unknown], names)).toBeNull();
  });
});
