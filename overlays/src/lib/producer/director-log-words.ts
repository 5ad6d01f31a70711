import {
  DIRECTOR_LOG_CODES,
  type DirectorLogCode,
  type DirectorLogParams,
  type DirectorLogPart,
} from '@tablecast/protocol/producer';

/**
 * The director's log in the dashboard's language: each code the server sends
 * (libs/protocol/src/producer/director-log.ts) worded in zh-CN and in English. The server sends
 * facts only; the names of moments and seats come from the dashboard's own words for them.
 */

/** The dashboard's names for what the parameters name by id. */
export interface LogNames {
  /** A director moment or an overlay moment (`bomb`, `handEnd`…), as the rules editor names it. */
  readonly moment: (moment: string) => string;
  /** A seat id of the match's game, as its skin names it. */
  readonly seat: (seat: string) => string;
}

export interface DirectorLogWords {
  /** Between the parts of one line. */
  readonly separator: string;
  readonly parts: {
    readonly [K in DirectorLogCode]: (params: DirectorLogParams[K], names: LogNames) => string;
  };
}

const seconds = (ms: number): string => (ms / 1000).toFixed(1);

const teamsZh: Readonly<Record<string, string>> = { NS: '南北', EW: '东西' };
const sanctionsZh: Readonly<Record<string, string>> = {
  warning: '警告',
  violation: '违例',
  foul: '犯规',
  turnLost: '失去出牌权',
};
const sanctionsEn: Readonly<Record<string, string>> = {
  warning: 'warning',
  violation: 'violation',
  foul: 'foul',
  turnLost: 'turn lost',
};
const combosZh: Readonly<Record<string, string>> = {
  bomb: '炸弹',
  straightFlush: '同花顺',
  fourJokers: '四大天王',
};
const combosEn: Readonly<Record<string, string>> = {
  bomb: 'bomb',
  straightFlush: 'straight flush',
  fourJokers: 'four jokers',
};
const known = (words: Readonly<Record<string, string>>, key: string): string => words[key] ?? key;

export const directorLogZh: DirectorLogWords = {
  separator: '；',
  parts: {
    directorOff: () => '自动导播已停用',
    ruleOff: () => '此规则未启用',
    ruleCooldown: (p) => `规则 ${seconds(p.agoMs)} 秒前已执行（冷却 ${seconds(p.cooldownMs)} 秒）`,
    sceneDwell: (p) => `画面 ${seconds(p.agoMs)} 秒前刚切换（至少停留 ${seconds(p.dwellMs)} 秒）`,
    otherMatchOnObs: (p) => `OBS「${p.obs}」载入的是比赛 ${p.matchId} 的场景`,
    emptyTableOnObs: (p) => `OBS「${p.obs}」载入的是 ${p.table} 桌的场景，该桌目前没有比赛`,
    noTableOnProgram: (p) => `OBS「${p.obs}」载入的是播出桌的场景，目前没有桌在播出`,
    cueMoment: (p, names) => `显示时刻：${names.moment(p.moment)}`,
    cueLowerThird: (p, names) => `显示字幕条：${names.seat(p.seat)}`,
    take: (p) => `在 OBS「${p.obs}」转场${p.transition === null ? '' : `（${p.transition}）`}`,
    alreadyOnProgram: (p) => `「${p.scene}」已在 OBS「${p.obs}」的节目中`,
    switchScene: (p) =>
      `${p.mode === 'cut' ? '直切' : '预览后切换'}到「${p.scene}」（OBS「${p.obs}」）${
        p.returnTo === null || p.returnAfterMs === null
          ? ''
          : `，${seconds(p.returnAfterMs)} 秒后回到「${p.returnTo}」`
      }`,
    returnScene: (p) => `「${p.away}」之后回到「${p.home}」（OBS「${p.obs}」）`,
    bombPlayed: (p, names) => `${names.seat(p.seat)}打出 ${p.cards.join(' ')}（${known(combosZh, p.combo)}）`,
    tributeResisted: (p, names) => `${p.seats.map(names.seat).join('、')}抗贡（GD-TRIB-6）`,
    tributeExchanged: (p) => `第 ${String(p.deal)} 副进贡完成`,
    dealWon: (p) => `第 ${String(p.deal)} 副${known(teamsZh, p.team)}胜（升 ${String(p.levelUp)} 级）`,
    penaltyGiven: (p, names) => `${names.seat(p.seat)}被判${known(sanctionsZh, p.sanction)}（${p.rule}）`,
    matchPoint: (p) => `第 ${String(p.deal)} 副：${known(teamsZh, p.team)}打 A 定胜负（GD-LVL-5）`,
    matchEnded: (p) => `比赛 ${p.matchId} 结束`,
    gameMoment: (p, names) =>
      `时刻：${names.moment(p.kind)}${p.seat === null ? '' : `（${names.seat(p.seat)}）`}${p.rule === null ? '' : `（${p.rule}）`}`,
    deliveredToPages: (p) => `已送达 ${String(p.pages)} 个页面`,
    sceneOnProgram: (p) => `「${p.scene}」已上节目`,
    sceneTaken: (p) => `「${p.scene}」已切到节目`,
    previewTaken: (p) => `预览已切到节目${p.transition === null ? '' : `（${p.transition}）`}`,
    noPageConnected: (p) => `失败：比赛 ${p.matchId} 没有已连接的图文页面`,
    notInStudioMode: (p) => `失败：OBS「${p.obs}」不在工作室模式，没有可切的预览`,
    previewNotKept: (p) => `失败：OBS「${p.obs}」没有保持「${p.scene}」在预览`,
    tookOtherScene: (p) => `失败：OBS「${p.obs}」切上节目的是「${p.program}」而不是「${p.scene}」`,
    failed: (p) => `失败：${p.reason}`,
  },
};

export const directorLogEn: DirectorLogWords = {
  separator: '; ',
  parts: {
    directorOff: () => 'the director is off',
    ruleOff: () => 'the rule is disabled',
    ruleCooldown: (p) => `the rule acted ${seconds(p.agoMs)} s ago (cool-down ${seconds(p.cooldownMs)} s)`,
    sceneDwell: (p) =>
      `the program changed ${seconds(p.agoMs)} s ago (it stays at least ${seconds(p.dwellMs)} s)`,
    otherMatchOnObs: (p) => `OBS "${p.obs}" has the scenes of match ${p.matchId} loaded`,
    emptyTableOnObs: (p) =>
      `OBS "${p.obs}" has the scenes of table ${p.table} loaded, which has no match now`,
    noTableOnProgram: (p) => `OBS "${p.obs}" has the on-air scenes loaded and no table is on program`,
    cueMoment: (p, names) => `cue moment: ${names.moment(p.moment)}`,
    cueLowerThird: (p, names) => `cue lower third: ${names.seat(p.seat)}`,
    take: (p) => `take on OBS "${p.obs}"${p.transition === null ? '' : ` with ${p.transition}`}`,
    alreadyOnProgram: (p) => `${p.scene} is already on program on OBS "${p.obs}"`,
    switchScene: (p) =>
      `${p.mode === 'cut' ? 'cut' : 'preview and take'} to ${p.scene} on OBS "${p.obs}"${
        p.returnTo === null || p.returnAfterMs === null
          ? ''
          : `, back to ${p.returnTo} in ${seconds(p.returnAfterMs)} s`
      }`,
    returnScene: (p) => `back to ${p.home} on OBS "${p.obs}" after ${p.away}`,
    bombPlayed: (p, names) =>
      `${names.seat(p.seat)} played ${p.cards.join(' ')} (${known(combosEn, p.combo)})`,
    tributeResisted: (p, names) => `tribute resisted by ${p.seats.map(names.seat).join(' + ')} (GD-TRIB-6)`,
    tributeExchanged: (p) => `tribute of deal ${String(p.deal)} exchanged`,
    dealWon: (p) => `deal ${String(p.deal)} won by ${p.team} (+${String(p.levelUp)})`,
    penaltyGiven: (p, names) => `${known(sanctionsEn, p.sanction)} for ${names.seat(p.seat)} (${p.rule})`,
    matchPoint: (p) => `deal ${String(p.deal)}: ${p.team} plays A for the match (GD-LVL-5)`,
    matchEnded: (p) => `match ${p.matchId} ended`,
    gameMoment: (p, names) =>
      `${names.moment(p.kind)}${p.seat === null ? '' : ` by ${names.seat(p.seat)}`}${p.rule === null ? '' : ` (${p.rule})`}`,
    deliveredToPages: (p) => `delivered to ${String(p.pages)} page${p.pages === 1 ? '' : 's'}`,
    sceneOnProgram: (p) => `${p.scene} on program`,
    sceneTaken: (p) => `${p.scene} taken to program`,
    previewTaken: (p) => `preview taken to program${p.transition === null ? '' : ` with ${p.transition}`}`,
    noPageConnected: (p) => `failed: no overlay page of match ${p.matchId} is connected`,
    notInStudioMode: (p) => `failed: OBS "${p.obs}" is not in studio mode, there is no preview to take`,
    previewNotKept: (p) => `failed: OBS "${p.obs}" did not keep ${p.scene} in preview`,
    tookOtherScene: (p) => `failed: OBS "${p.obs}" took ${p.program} to program instead of ${p.scene}`,
    failed: (p) => `failed: ${p.reason}`,
  },
};

const isKnown = (code: string): code is DirectorLogCode =>
  (DIRECTOR_LOG_CODES as readonly string[]).includes(code);

/**
 * One log line in `words`' language; null when the server sent a code this dashboard does not know
 * (a newer server): the caller then shows the server's own text rather than a half-worded line.
 */
export function wordLogLine(
  words: DirectorLogWords,
  parts: readonly DirectorLogPart[],
  names: LogNames,
): string | null {
  const worded: string[] = [];
  for (const part of parts) {
    if (!isKnown(part.code)) return null;
    const word = words.parts[part.code] as (params: DirectorLogPart['params'], names: LogNames) => string;
    worded.push(word(part.params, names));
  }
  return worded.join(words.separator);
}
