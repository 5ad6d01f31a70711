/**
 * The offence a penalty bug states, by the rule the referee named (the GD-PEN section of the rules
 * digest, the GD-TIME limits, and the rules whose breach the referee sanctions), in the audience's
 * words: 越序出牌, not GD-PEN-11. Short enough for one line of the bug. The rule ID stays on the
 * bug, small, for the arbiters; a rule not listed here is shown by its ID alone.
 */
export type OffenceWords = Readonly<Record<string, string>>;

export const offenceWordsZh: OffenceWords = {
  'GD-PEN-9': '暴露张 / 出错牌',
  'GD-PEN-10': '越序抓牌',
  'GD-PEN-11': '越序出牌',
  'GD-PEN-12': '越序表态',
  'GD-PEN-13': '传递非法信号',
  'GD-PEN-14': '出牌方式不合规定',
  'GD-PEN-15': '迟到',
  'GD-PLAY-9': '出牌方式不合规定',
  'GD-TIME-1': '出牌超时',
  'GD-TIME-2': '进贡 / 还贡超时',
  'GD-TIME-3': '拖延比赛时间',
  'GD-RPT-2': '未按规定报牌',
  'GD-RPT-3': '报牌后询问张数',
  'GD-TRIB-8': '贡错牌 / 还错牌',
  'GD-VAR-003-14': '迟到',
  'GD-VAR-004-7': '出牌超时',
  'GD-VAR-004-9': '越序出牌',
  'GD-VAR-004-10': '迟到',
};

export const offenceWordsEn: OffenceWords = {
  'GD-PEN-9': 'Exposed card or wrong play',
  'GD-PEN-10': 'Drew out of turn',
  'GD-PEN-11': 'Played out of turn',
  'GD-PEN-12': 'Declared out of turn',
  'GD-PEN-13': 'Illegal signal',
  'GD-PEN-14': 'Improper manner of play',
  'GD-PEN-15': 'Late arrival',
  'GD-PLAY-9': 'Improper manner of play',
  'GD-TIME-1': 'Slow play',
  'GD-TIME-2': 'Slow tribute or return',
  'GD-TIME-3': 'Delaying the game',
  'GD-RPT-2': 'Card count not reported',
  'GD-RPT-3': 'Asked a reported count',
  'GD-TRIB-8': 'Wrong tribute or return',
  'GD-VAR-003-14': 'Late arrival',
  'GD-VAR-004-7': 'Slow play',
  'GD-VAR-004-9': 'Played out of turn',
  'GD-VAR-004-10': 'Late arrival',
};
