import type { Lang } from '../i18n';

/**
 * The sentence shapes of the committee's own events (appeal, ruling, result correction) and of a
 * penalty, per language. Kept apart from summary-words.ts: these are the sentences
 * the arbitration committee decides on, and each says what changed, not only what happened.
 */
export interface ArbitrationWords {
  readonly sanctions: Readonly<Record<string, string>>;
  /** A referee's penalty: who, the sanction, the rule ID, the referee's note if any. */
  readonly penalty: (who: string, sanction: string, rule: string, note: string) => string;
  /** `events` is a list of positions, already joined (第 12、15 条 / events 12, 15). */
  readonly events: (revisions: readonly number[]) => string;
  /** `by` is the pair and its captain (GD-APL-1: the captain signs the appeal). */
  readonly appeal: (id: string, hand: number, events: string, by: string | null) => string;
  readonly captain: (team: string, captain: string) => string;
  /** The committee's verdict by majority (GD-APL-2): upheld or dismissed. */
  readonly verdict: (upheld: boolean) => string;
  readonly outcomes: Readonly<Record<string, string>>;
  readonly ruling: (id: string, appeal: string, verdict: string, uphold: number, dismiss: number) => string;
  readonly feeRefund: (amount: number) => string;
  /** What a ruling's remedy changes, for the ruling's sentence (and the correction's). */
  readonly remedies: {
    readonly penaltyRescinded: (event: string) => string;
    readonly penaltyImposed: (penalty: string, at: string) => string;
    readonly handResult: (hand: number, levels: string) => string;
    readonly handReplayed: (hand: number) => string;
    readonly matchResult: (loser: string, rule: string) => string;
  };
  /** An event named by position and name: 第 12 条（判罚）/ event 12 (Penalty). */
  readonly eventAt: (revision: number, name: string) => string;
  readonly levels: (ns: string, nsLevel: string, ew: string, ewLevel: string) => string;
  readonly correctionBy: (reason: string, ruling: string | null) => string;
  readonly correctionReasons: Readonly<Record<string, string>>;
  readonly voided: (by: string, event: string) => string;
  readonly penaltyAdded: (by: string, penalty: string, at: string) => string;
  readonly replaced: (by: string, event: string, now: string) => string;
  readonly handResultNow: (hand: number, levels: string) => string;
  readonly matchResultNow: (score: string, winner: string | null) => string;
  readonly note: (note: string, byRuling: boolean) => string;
  /** GD-WILD-5: the player named the combination of an ambiguous wildcard play. */
  readonly declared: string;
}

const zh: ArbitrationWords = {
  sanctions: {
    warning: '警告',
    violation: '违例',
    foul: '犯规',
    turnLost: '失去一次出牌权',
    gameLost: '一局判负',
  },
  penalty: (who, sanction, rule, note) =>
    `${who}被判${sanction}（${rule}）${note ? `，裁判说明：${note}` : ''}`,
  events: (revisions) => `第 ${revisions.map(String).join('、')} 条`,
  appeal: (id, hand, events, by) => `${by ?? ''}提出申诉 ${id}：第${String(hand)}副，争议${events}`,
  captain: (team, captain) => `${team}队长${captain}`,
  verdict: (upheld) => (upheld ? '支持申诉' : '驳回申诉'),
  outcomes: {
    'appeal-dismissed': '驳回申诉',
    'penalty-rescinded': '撤销判罚',
    'penalty-imposed': '追加判罚',
    'hand-result-corrected': '更正本副结果',
    'hand-to-be-replayed': '本副重打',
    'match-result-adjusted': '调整比赛结果',
  },
  ruling: (id, appeal, verdict, uphold, dismiss) =>
    `裁决 ${id}（申诉 ${appeal}）：表决 ${String(uphold)} 票支持、${String(dismiss)} 票驳回，${verdict}`,
  feeRefund: (amount) => `退还申诉费 ${String(amount)} 元`,
  remedies: {
    penaltyRescinded: (event) => `撤销${event}`,
    penaltyImposed: (penalty, at) => `追加判罚：${penalty}，记于${at}`,
    handResult: (hand, levels) => `第${String(hand)}副结果改为${levels}`,
    handReplayed: (hand) => `第${String(hand)}副作废重打`,
    matchResult: (loser, rule) => `判${loser}负，比赛结果改为 2:0（${rule}）`,
  },
  eventAt: (revision, name) => `第 ${String(revision)} 条（${name}）`,
  levels: (ns, nsLevel, ew, ewLevel) => `${ns}打${nsLevel}、${ew}打${ewLevel}`,
  correctionBy: (reason, ruling) => (ruling ? `依裁决 ${ruling}` : `因${reason}`),
  correctionReasons: { 'recording-error': '记录错误', 'entry-error': '录入错误', ruling: '裁决' },
  voided: (by, event) => `${by}，作废${event}；原事件保留在记录中`,
  penaltyAdded: (by, penalty, at) => `${by}，追加判罚：${penalty}，记于${at}`,
  replaced: (by, event, now) => `${by}，更正${event}：${now}；原事件保留在记录中`,
  handResultNow: (hand, levels) => `第${String(hand)}副结果改为${levels}`,
  matchResultNow: (score, winner) => `比赛结果改为 ${score}${winner ? `，${winner}胜` : '，平局'}`,
  note: (note, byRuling) => `（${byRuling ? '裁决理由' : '说明'}：${note}）`,
  declared: '（选手声明牌型）',
};

const en: ArbitrationWords = {
  sanctions: {
    warning: 'warning',
    violation: 'violation',
    foul: 'foul',
    turnLost: 'loses a turn',
    gameLost: 'game lost',
  },
  penalty: (who, sanction, rule, note) =>
    `${capital(sanction)} for ${who}, rule ${rule}${note ? `; referee's note: ${note}` : ''}`,
  events: (revisions) => `event${revisions.length === 1 ? '' : 's'} ${revisions.map(String).join(', ')}`,
  appeal: (id, hand, events, by) =>
    `${by ? `${by} files` : 'Filed:'} appeal ${id}: deal ${String(hand)}, contesting ${events}`,
  captain: (team, captain) => `${team} captain ${captain}`,
  verdict: (upheld) => (upheld ? 'appeal upheld' : 'appeal dismissed'),
  outcomes: {
    'appeal-dismissed': 'appeal dismissed',
    'penalty-rescinded': 'penalty rescinded',
    'penalty-imposed': 'penalty imposed',
    'hand-result-corrected': 'deal result corrected',
    'hand-to-be-replayed': 'deal to be replayed',
    'match-result-adjusted': 'match result adjusted',
  },
  ruling: (id, appeal, verdict, uphold, dismiss) =>
    `Ruling ${id} on appeal ${appeal}: ${String(uphold)} to uphold, ${String(dismiss)} to dismiss, ${verdict}`,
  feeRefund: (amount) => `appeal fee of ${String(amount)} yuan refunded`,
  remedies: {
    penaltyRescinded: (event) => `rescinds ${event}`,
    penaltyImposed: (penalty, at) =>
      `imposes ${penalty.charAt(0).toLowerCase()}${penalty.slice(1)}, at ${at}`,
    handResult: (hand, levels) => `deal ${String(hand)} now ends ${levels}`,
    handReplayed: (hand) => `deal ${String(hand)} is void and replayed`,
    matchResult: (loser, rule) => `${loser} lose, result 2:0 (${rule})`,
  },
  eventAt: (revision, name) => `event ${String(revision)} (${name})`,
  levels: (ns, nsLevel, ew, ewLevel) => `${ns} on ${nsLevel}, ${ew} on ${ewLevel}`,
  correctionBy: (reason, ruling) => (ruling ? `By ruling ${ruling}` : `For a ${reason}`),
  correctionReasons: { 'recording-error': 'recording error', 'entry-error': 'entry error', ruling: 'ruling' },
  voided: (by, event) => `${by}, ${event} is void; the event stays in the log`,
  penaltyAdded: (by, penalty, at) => `${by}, a penalty is added at ${at}: ${penalty}`,
  replaced: (by, event, now) => `${by}, ${event} is corrected: ${now}; the original stays in the log`,
  handResultNow: (hand, levels) => `deal ${String(hand)} now ends ${levels}`,
  matchResultNow: (score, winner) => `the result is now ${score}${winner ? `, ${winner} win` : ', a draw'}`,
  note: (note, byRuling) => ` (${byRuling ? 'reasoning' : 'note'}: ${note})`,
  declared: ', as declared',
};

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const arbitrationWords: Readonly<Record<Lang, ArbitrationWords>> = { 'zh-CN': zh, en };
