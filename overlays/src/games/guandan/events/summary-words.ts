import type { ComboType } from '@tablecast/guandan/view';
import { comboNamesEn, comboNamesZh, seatNames, teamNames } from '../names';
import type { Lang } from '../../../lib/i18n';

/**
 * The words and sentence shapes of the one-line event summaries (summarize-event.ts), per
 * language: Chinese and English put the parts of a sentence in different orders, so each
 * sentence is a function here and the summarizer only fills it in.
 */
export interface SummaryWords {
  readonly seats: Readonly<Record<'S' | 'E' | 'N' | 'W', string>>;
  readonly teams: Readonly<Record<'NS' | 'EW', string>>;
  readonly combos: Readonly<Record<ComboType, string>>;
  readonly bombOf: (cards: number) => string;
  readonly jokers: Readonly<Record<'BJ' | 'RJ', string>>;
  /** A seat with its player's name when the replay knows it. */
  readonly who: (seat: string, name: string | null) => string;
  readonly team: (pair: string, name: string | null) => string;
  readonly list: (items: readonly string[]) => string;
  readonly colon: string;
  readonly comma: string;
  readonly places: readonly [string, string, string, string];
  /** The combination is the play's reading; a declared one is said by the summarizer (GD-WILD-5). */
  readonly played: (who: string, combo: string, lead: boolean) => string;
  readonly passed: (who: string) => string;
  readonly tributeGiven: (who: string) => string;
  readonly tributeAssigned: (from: string, to: string) => string;
  readonly tributeReturned: (from: string, to: string) => string;
  readonly returnChosen: (who: string) => string;
  readonly tributeResisted: (seats: string) => string;
  readonly leadReasons: Readonly<Record<string, string>>;
  readonly leadAssigned: (who: string, reason: string) => string;
  readonly reported: (who: string, count: number) => string;
  readonly finished: (who: string, place: string) => string;
  readonly trickWon: (who: string, next: string) => string;
  readonly tributeKinds: Readonly<Record<string, string>>;
  readonly handStarted: (hand: number, level: string, tribute: string) => string;
  readonly handEnded: (
    hand: number,
    places: string,
    team: string,
    up: number,
    from: string,
    to: string,
  ) => string;
  readonly doubleDown: string;
  readonly foulBy: (team: string) => string;
  readonly deckCommitted: (hand: number, hash: string) => string;
  readonly deckRevealed: (hand: number) => string;
  readonly dealt: (hand: number, first: string, seed: string | null) => string;
  readonly cut: (who: string, recuts: number) => string;
  readonly formats: {
    readonly toPastAce: string;
    readonly fixedDeals: (deals: number) => string;
    readonly timed: (minutes: number) => string;
    readonly timedOrFixedDeals: (deals: number, minutes: number) => string;
  };
  readonly created: (table: string, ns: string, ew: string, format: string) => string;
  readonly duties: {
    readonly playCardFirst: (who: string) => string;
    readonly leadType: (who: string, combo: string) => string;
    readonly notLeadType: (who: string, combo: string) => string;
  };
  readonly levelsAwarded: (team: string, levels: number, rule: string) => string;
  readonly timeCalled: (handInProgress: boolean) => string;
  readonly forfeited: (team: string, rule: string) => string;
  readonly endReasons: Readonly<Record<string, string>>;
  readonly matchEnded: (winner: string | null, score: string, reason: string) => string;
  readonly leftTable: string;
  readonly pairings: (round: number, tables: number) => string;
  readonly correctionRequested: (to: number, reason: string) => string;
  readonly correctionConfirmed: (from: number, to: number) => string;
  readonly correctionRejected: (note: string) => string;
  readonly delaySet: (before: string, after: string) => string;
}

const zh: SummaryWords = {
  seats: seatNames.zh,
  teams: teamNames.zh,
  combos: comboNamesZh,
  bombOf: (cards) => `${String(cards)}张炸弹`,
  jokers: { BJ: '小王', RJ: '大王' },
  who: (seat, name) => (name ? `${seat}（${name}）` : seat),
  team: (pair, name) => (name ? `${pair}（${name}）` : pair),
  list: (items) => items.join('、'),
  colon: '：',
  comma: '，',
  places: ['头游', '二游', '三游', '末游'],
  played: (who, combo, lead) => `${who}${lead ? '领出' : '出'}${combo}`,
  passed: (who) => `${who}过牌`,
  tributeGiven: (who) => `${who}进贡`,
  tributeAssigned: (from, to) => `${from}的贡牌归${to}`,
  tributeReturned: (from, to) => `${from}还贡给${to}`,
  returnChosen: (who) => `${who}选择还牌`,
  tributeResisted: (seats) => `${seats}持两张大王，抗贡`,
  leadReasons: {
    cutCard: '翻牌',
    tributePaid: '进贡后',
    antiTribute: '抗贡后',
    designated: '指定',
    turnLost: '上家失去出牌权',
  },
  leadAssigned: (who, reason) => `${who}首出（${reason}）`,
  reported: (who, count) => `${who}报牌：剩 ${String(count)} 张`,
  finished: (who, place) => `${who}出完，${place}`,
  trickWon: (who, next) => `${who}赢得本轮，下一轮由${next}领出`,
  tributeKinds: { none: '不进贡', single: '单贡', double: '双贡' },
  handStarted: (hand, level, tribute) => `第${String(hand)}副开始，打${level}，${tribute}`,
  handEnded: (hand, places, team, up, from, to) =>
    `第${String(hand)}副结束：${places}；${team}升${String(up)}级（${from}→${to}）`,
  doubleDown: '双下',
  foulBy: (team) => `${team}犯规判负`,
  deckCommitted: (hand, hash) => `第${String(hand)}副牌序哈希 ${hash}`,
  deckRevealed: (hand) => `第${String(hand)}副公开牌序与盐值（108 张），可核对承诺`,
  dealt: (hand, first, seed) =>
    `第${String(hand)}副发牌，${first}先摸牌；${seed ? `种子 ${seed}` : '录入的牌'}`,
  cut: (who, recuts) => `翻到的牌在${who}手中，由其首出${recuts > 0 ? `（重翻 ${String(recuts)} 次）` : ''}`,
  formats: {
    toPastAce: '打过A',
    fixedDeals: (deals) => `定副 ${String(deals)} 副`,
    timed: (minutes) => `限时 ${String(minutes)} 分钟`,
    timedOrFixedDeals: (deals, minutes) => `${String(deals)} 副或 ${String(minutes)} 分钟`,
  },
  created: (table, ns, ew, format) => `${table} 桌：${ns} 对 ${ew}，${format}`,
  duties: {
    playCardFirst: (who) => `${who}须先打出亮出的牌`,
    leadType: (who, combo) => `${who}须领出${combo}`,
    notLeadType: (who, combo) => `${who}不得领出${combo}`,
  },
  levelsAwarded: (team, levels, rule) => `${team}获判 ${String(levels)} 级（${rule}）`,
  timeCalled: (handInProgress) => (handInProgress ? '比赛时间到，本副打完' : '比赛时间到'),
  forfeited: (team, rule) => `${team}判负（${rule}）`,
  endReasons: { pastAce: '打过A', dealsPlayed: '副数打满', timeUp: '时间到', forfeit: '判负' },
  matchEnded: (winner, score, reason) => `${winner ? `${winner}胜` : '平局'}，${score}（${reason}）`,
  leftTable: '选手已离桌，成绩单已签字',
  pairings: (round, tables) => `第${String(round)}轮对阵公布（${String(tables)} 桌）`,
  correctionRequested: (to, reason) => `申请回到第 ${String(to)} 条：${reason}`,
  correctionConfirmed: (from, to) => `确认更正：第 ${String(from)}–${String(to)} 条不再有效`,
  correctionRejected: (note) => `驳回更正${note ? `：${note}` : ''}`,
  delaySet: (before, after) => `转播延迟 ${before} → ${after}`,
};

const en: SummaryWords = {
  seats: seatNames.en,
  teams: teamNames.en,
  combos: comboNamesEn,
  bombOf: (cards) => `${String(cards)}-card bomb`,
  jokers: { BJ: 'small joker', RJ: 'big joker' },
  who: (seat, name) => (name ? `${seat} (${name})` : seat),
  team: (pair, name) => (name ? `${pair} (${name})` : pair),
  list: (items) => items.join(', '),
  colon: ': ',
  comma: ', ',
  places: ['1st', '2nd', '3rd', '4th'],
  played: (who, combo, lead) => `${who} ${lead ? 'leads' : 'plays'} ${combo.toLowerCase()}`,
  passed: (who) => `${who} passes`,
  tributeGiven: (who) => `${who} pays tribute`,
  tributeAssigned: (from, to) => `${from}'s tribute goes to ${to}`,
  tributeReturned: (from, to) => `${from} returns a card to ${to}`,
  returnChosen: (who) => `${who} chooses a returned card`,
  tributeResisted: (seats) => `${seats} hold both big jokers: no tribute`,
  leadReasons: {
    cutCard: 'cut card',
    tributePaid: 'after tribute',
    antiTribute: 'after resisted tribute',
    designated: 'designated',
    turnLost: 'the leader lost his turn',
  },
  leadAssigned: (who, reason) => `${who} leads (${reason})`,
  reported: (who, count) => `${who} reported: ${count === 1 ? '1 card' : `${String(count)} cards`} left`,
  finished: (who, place) => `${who} is out, ${place}`,
  trickWon: (who, next) => `${who} wins the trick; ${next} leads next`,
  tributeKinds: { none: 'no tribute', single: 'single tribute', double: 'double tribute' },
  handStarted: (hand, level, tribute) => `Deal ${String(hand)} begins at ${level}, ${tribute}`,
  handEnded: (hand, places, team, up, from, to) =>
    `Deal ${String(hand)} over: ${places}; ${team} up ${String(up)} (${from} → ${to})`,
  doubleDown: 'double-down',
  foulBy: (team) => `lost by ${team}'s foul`,
  deckCommitted: (hand, hash) => `Deal ${String(hand)} deck hash ${hash}`,
  deckRevealed: (hand) => `Deal ${String(hand)}: order and salt revealed (108 cards), commitment checkable`,
  dealt: (hand, first, seed) =>
    `Deal ${String(hand)} dealt, ${first} draws first; ${seed ? `seed ${seed}` : 'entered cards'}`,
  cut: (who, recuts) =>
    `The cut card is ${who}'s, who leads${recuts > 0 ? ` (cut again ${String(recuts)}×)` : ''}`,
  formats: {
    toPastAce: 'to past A',
    fixedDeals: (deals) => (deals === 1 ? '1 deal' : `${String(deals)} deals`),
    timed: (minutes) => `${String(minutes)} minutes`,
    timedOrFixedDeals: (deals, minutes) => `${String(deals)} deals or ${String(minutes)} minutes`,
  },
  created: (table, ns, ew, format) => `Table ${table}: ${ns} v ${ew}, ${format}`,
  duties: {
    playCardFirst: (who) => `${who} must play the shown card first`,
    leadType: (who, combo) => `${who} must lead ${combo.toLowerCase()}`,
    notLeadType: (who, combo) => `${who} may not lead ${combo.toLowerCase()}`,
  },
  levelsAwarded: (team, levels, rule) => `${team} awarded ${String(levels)} level(s) (${rule})`,
  timeCalled: (handInProgress) => (handInProgress ? 'Time called; the deal is played out' : 'Time called'),
  forfeited: (team, rule) => `${team} loses by forfeit (${rule})`,
  endReasons: { pastAce: 'past A', dealsPlayed: 'deals played', timeUp: 'time up', forfeit: 'forfeit' },
  matchEnded: (winner, score, reason) => `${winner ? `${winner} win` : 'Draw'}, ${score} (${reason})`,
  leftTable: 'The players left the table; score sheet signed',
  pairings: (round, tables) => `Round ${String(round)} pairings published (${String(tables)} tables)`,
  correctionRequested: (to, reason) => `Asks to go back to event ${String(to)}: ${reason}`,
  correctionConfirmed: (from, to) => `Confirmed: events ${String(from)}–${String(to)} no longer count`,
  correctionRejected: (note) => `Correction rejected${note ? `: ${note}` : ''}`,
  delaySet: (before, after) => `Broadcast delay ${before} → ${after}`,
};

export const summaryWords: Readonly<Record<Lang, SummaryWords>> = { 'zh-CN': zh, en };
