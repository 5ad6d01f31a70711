import type { Lang } from '../i18n';

/** The arbiters' replay page, in zh-CN by default and English with `lang=en`. */
export interface ReplayMessages {
  readonly title: string;
  readonly previous: string;
  readonly next: string;
  readonly jump: string;
  readonly position: (at: number, last: number) => string;
  readonly event: string;
  readonly time: string;
  readonly actor: string;
  readonly retracted: string;
  readonly levels: string;
  readonly hand: (n: number, level: string) => string;
  readonly turn: string;
  readonly trick: string;
  readonly noTrick: string;
  readonly seats: Readonly<Record<'S' | 'E' | 'N' | 'W', string>>;
  readonly penalties: string;
  readonly none: string;
  readonly rescinded: (ruling: string) => string;
  readonly imposed: (ruling: string) => string;
  readonly shown: string;
  readonly noLedger: string;
  readonly audienceShown: (frames: number, revision: number) => string;
  readonly recent: string;
  readonly noToken: string;
  readonly noMatch: string;
  /** The readable replay: the event's name, summary and raw data. */
  readonly rawData: string;
  readonly noSummary: string;
  readonly timeUtc: string;
  readonly roles: Readonly<Record<string, string>>;
  readonly statuses: Readonly<Record<string, string>>;
  readonly hands: string;
  readonly cardsLeft: (n: number) => string;
  readonly toAct: string;
  readonly leads: string;
  readonly passedSeats: (seats: string) => string;
  readonly audiences: Readonly<Record<string, string>>;
  readonly nothingShown: (frames: number) => string;
  readonly goTo: (revision: number) => string;
  readonly thisEvent: string;
  /** The committee's events: appeals and rulings beside the match's events. */
  readonly appeals: string;
  readonly appealsError: (message: string) => string;
  readonly contested: string;
  readonly contestedBy: (appeals: string) => string;
  readonly refersTo: string;
  readonly statement: string;
  readonly fee: (amount: number) => string;
  readonly answerDue: string;
  readonly notRuled: string;
  readonly votes: string;
  readonly vote: Readonly<Record<string, string>>;
  readonly reasoning: string;
  readonly answered: (inTime: boolean) => string;
  /** Who keyed an appeal in: the role's label, then the actor's id ('' when it only repeats the role). */
  readonly keyedBy: (actor: string, role: string) => string;
  readonly sanction: string;
  readonly rule: string;
  readonly seat: string;
  /** Beside the levels at a result correction: the replay shows the game as played. */
  readonly levelsAsPlayed: string;
  /** Reads the appeals again (one filed while the page is open). */
  readonly refresh: string;
  /** The committee's vote sheet, keyed by the arbiter (GD-APL-2). */
  readonly ruling: RulingFormMessages;
}

export interface RulingFormMessages {
  readonly record: string;
  readonly title: (appealId: string) => string;
  readonly committee: string;
  readonly memberId: (n: number) => string;
  readonly memberHint: string;
  readonly vote: Readonly<Record<'uphold' | 'dismiss', string>>;
  readonly addMember: string;
  readonly removeMember: string;
  readonly tally: (uphold: number, dismiss: number, unset: number) => string;
  readonly majority: (decision: 'uphold' | 'dismiss' | null) => string;
  /** GD-APL-2, shown while the committee is not odd and three or more (the server decides). */
  readonly oddHint: string;
  readonly remedy: string;
  readonly remedyOnUphold: string;
  readonly penalty: string;
  readonly noPenalties: string;
  readonly penaltiesError: (message: string) => string;
  readonly rescindedAlready: string;
  readonly seat: string;
  readonly sanction: string;
  readonly rule: string;
  readonly at: string;
  readonly handNumber: string;
  readonly levelsAfter: string;
  readonly loser: string;
  readonly reasoning: string;
  readonly submit: string;
  readonly submitting: string;
  /** The log refused the sheet for a while (503): it goes again by itself after the wait. */
  readonly resending: (seconds: number) => string;
  readonly cancel: string;
  /** The heading of the server's refusal, by status (the lines under it are the server's). */
  readonly refused: (status: number, rule: string | null) => string;
}

const withActor = (role: string, actor: string): string => (actor === '' ? role : `${role} ${actor}`);

const zh: ReplayMessages = {
  title: '仲裁回放',
  previous: '◀ 上一步',
  next: '下一步 ▶',
  jump: '跳转',
  position: (at, last) => `第 ${String(at)} / ${String(last)} 条`,
  event: '事件',
  time: '时间',
  actor: '录入人',
  retracted: '（已撤销）',
  levels: '级数',
  hand: (n, level) => `第${String(n)}副 · 打${level}`,
  turn: '轮到',
  trick: '本轮出牌',
  noTrick: '无',
  seats: { S: '南', E: '东', N: '北', W: '西' },
  penalties: '判罚',
  none: '无',
  rescinded: (ruling) => `已由裁决 ${ruling} 撤销`,
  imposed: (ruling) => `裁决 ${ruling} 判罚`,
  shown: '各受众已见',
  noLedger: '本次启动后无披露记录',
  audienceShown: (frames, revision) => `${String(frames)} 帧，至第 ${String(revision)} 条`,
  recent: '之前的事件',
  noToken: '请在地址后加上 #token=仲裁令牌',
  noMatch: '请在地址中加上 ?match=比赛编号',
  rawData: '原始数据',
  noSummary: '（此事件类型本页尚无说明，见原始数据）',
  timeUtc: '时间（UTC）',
  roles: {
    operator: '操作员',
    referee: '裁判',
    arbiter: '仲裁',
    producer: '导播',
    captain: '队长',
    system: '系统',
  },
  statuses: { new: '未开始', betweenHands: '两副之间', inHand: '进行中', ended: '比赛结束' },
  hands: '四家手牌',
  cardsLeft: (n) => `${String(n)} 张`,
  toAct: '轮到',
  leads: '领出',
  passedSeats: (seats) => `已过：${seats}`,
  audiences: { staff: '工作人员', venue: '现场大屏', broadcast: '电视转播', commentary: '解说席' },
  nothingShown: (frames) => `${String(frames)} 帧，尚未披露任何事件`,
  goTo: (revision) => `跳到第 ${String(revision)} 条`,
  thisEvent: '本条事件',
  appeals: '申诉与裁决',
  appealsError: (message) => `无法读取申诉：${message}`,
  contested: '争议事件',
  contestedBy: (appeals) => `被申诉 ${appeals} 争议`,
  refersTo: '涉及事件',
  statement: '申诉理由',
  fee: (amount) => `申诉费 ${String(amount)} 元`,
  answerDue: '答复期限',
  notRuled: '尚未裁决',
  votes: '表决',
  vote: { uphold: '支持', dismiss: '驳回' },
  reasoning: '裁决理由',
  answered: (inTime) => (inTime ? '按时答复' : '逾期答复'),
  keyedBy: (actor, role) => `${withActor(role, actor)} 录入`,
  sanction: '处罚',
  rule: '条款',
  seat: '座位',
  levelsAsPlayed: '（级数为牌局实况；本条更正计入比分表，不改变回放中的牌局）',
  refresh: '刷新',
  ruling: {
    record: '录入裁决',
    title: (appealId) => `录入申诉 ${appealId} 的裁决`,
    committee: '仲裁委员及表决',
    memberId: (n) => `委员 ${String(n)}`,
    memberHint: '委员编号：字母、数字或 _ . :',
    vote: { uphold: '支持申诉', dismiss: '驳回' },
    addMember: '＋ 添加委员',
    removeMember: '删除',
    tally: (uphold, dismiss, unset) =>
      `${String(uphold)} 票支持、${String(dismiss)} 票驳回${unset > 0 ? `，${String(unset)} 人未投` : ''}`,
    majority: (decision) =>
      decision === null ? '尚无多数' : decision === 'uphold' ? '多数支持申诉' : '多数驳回申诉',
    oddHint: '仲裁委员会须由三人以上单数组成（GD-APL-2）',
    remedy: '处理结果',
    remedyOnUphold: '（多数支持申诉时提交）',
    penalty: '撤销的判罚',
    noPenalties: '本场没有判罚',
    penaltiesError: (message) => `无法读取判罚：${message}`,
    rescindedAlready: '（已撤销）',
    seat: '座位',
    sanction: '处罚',
    rule: '条款',
    at: '记于第几条',
    handNumber: '第几副',
    levelsAfter: '该副结束后级数',
    loser: '判负方',
    reasoning: '裁决理由（必填）',
    submit: '提交裁决',
    submitting: '提交中…',
    resending: (seconds) => `服务器繁忙，${String(seconds)} 秒后自动重新提交…`,
    cancel: '取消',
    refused: (status, rule) =>
      rule !== null
        ? `不符合规则 ${rule}：`
        : status === 409
          ? '该申诉已有裁决，仲裁委员会的决定为最终决定（409）：'
          : status === 400
            ? '服务器拒绝了以下字段（400）：'
            : status === 0
              ? '无法连接服务器：'
              : `服务器拒绝（HTTP ${String(status)}）：`,
  },
};

const en: ReplayMessages = {
  title: 'Arbitration replay',
  previous: '◀ Back',
  next: 'Forward ▶',
  jump: 'Jump',
  position: (at, last) => `event ${String(at)} of ${String(last)}`,
  event: 'Event',
  time: 'Time',
  actor: 'Keyed by',
  retracted: ' (retracted)',
  levels: 'Levels',
  hand: (n, level) => `Hand ${String(n)} · playing ${level}`,
  turn: 'Turn',
  trick: 'Trick',
  noTrick: 'none',
  seats: { S: 'South', E: 'East', N: 'North', W: 'West' },
  penalties: 'Penalties',
  none: 'none',
  rescinded: (ruling) => `rescinded by ruling ${ruling}`,
  imposed: (ruling) => `imposed by ruling ${ruling}`,
  shown: 'Shown to each audience',
  noLedger: 'no disclosure ledger since this server started',
  audienceShown: (frames, revision) =>
    `${String(frames)} frame${frames === 1 ? '' : 's'}, up to event ${String(revision)}`,
  recent: 'Events before',
  noToken: 'Add #token=<arbiter token> to the address',
  noMatch: 'Add ?match=<match id> to the address',
  rawData: 'Raw data',
  noSummary: '(no description of this event type yet: see the raw data)',
  timeUtc: 'Time (UTC)',
  roles: {
    operator: 'operator',
    referee: 'referee',
    arbiter: 'arbiter',
    producer: 'producer',
    captain: 'captain',
    system: 'system',
  },
  statuses: { new: 'not started', betweenHands: 'between deals', inHand: 'in a deal', ended: 'match over' },
  hands: 'Hands',
  cardsLeft: (n) => (n === 1 ? '1 card' : `${String(n)} cards`),
  toAct: 'To act',
  leads: 'led',
  passedSeats: (seats) => `passed: ${seats}`,
  audiences: { staff: 'Staff', venue: 'Venue screens', broadcast: 'Broadcast', commentary: 'Commentary' },
  nothingShown: (frames) => `${String(frames)} frame${frames === 1 ? '' : 's'}, no event shown yet`,
  goTo: (revision) => `go to event ${String(revision)}`,
  thisEvent: 'this event',
  appeals: 'Appeals and rulings',
  appealsError: (message) => `appeals could not be read: ${message}`,
  contested: 'Contests',
  contestedBy: (appeals) => `contested by appeal ${appeals}`,
  refersTo: 'Refers to',
  statement: 'Statement',
  fee: (amount) => `fee ${String(amount)} yuan`,
  answerDue: 'Answer due',
  notRuled: 'not ruled yet',
  votes: 'Votes',
  vote: { uphold: 'uphold', dismiss: 'dismiss' },
  reasoning: 'Reasoning',
  answered: (inTime) => (inTime ? 'answered in time' : 'answered late'),
  keyedBy: (actor, role) => `keyed by ${withActor(role, actor)}`,
  sanction: 'Sanction',
  rule: 'Rule',
  seat: 'Seat',
  levelsAsPlayed: '(levels as played; this correction counts on the scoreboard, not in the replayed game)',
  refresh: 'Refresh',
  ruling: {
    record: 'Record ruling',
    title: (appealId) => `Ruling on appeal ${appealId}`,
    committee: 'Committee and votes',
    memberId: (n) => `Member ${String(n)}`,
    memberHint: 'member id: letters, digits, _ . or :',
    vote: { uphold: 'uphold', dismiss: 'dismiss' },
    addMember: '+ Add member',
    removeMember: 'Remove',
    tally: (uphold, dismiss, unset) =>
      `${String(uphold)} to uphold, ${String(dismiss)} to dismiss${unset > 0 ? `, ${String(unset)} not voted` : ''}`,
    majority: (decision) =>
      decision === null
        ? 'no majority yet'
        : decision === 'uphold'
          ? 'majority upholds'
          : 'majority dismisses',
    oddHint: 'The committee has an odd number of members, three or more (GD-APL-2)',
    remedy: 'Remedy',
    remedyOnUphold: '(sent when the majority upholds)',
    penalty: 'Penalty to rescind',
    noPenalties: 'no penalty in this match',
    penaltiesError: (message) => `penalties could not be read: ${message}`,
    rescindedAlready: ' (rescinded)',
    seat: 'Seat',
    sanction: 'Sanction',
    rule: 'Rule',
    at: 'At event',
    handNumber: 'Deal',
    levelsAfter: 'Levels after the deal',
    loser: 'Losing pair',
    reasoning: 'Reasoning (required)',
    submit: 'Submit ruling',
    submitting: 'Submitting…',
    resending: (seconds) =>
      `The server is busy; sending again by itself in ${String(seconds)} ${seconds === 1 ? 'second' : 'seconds'}…`,
    cancel: 'Cancel',
    refused: (status, rule) =>
      rule !== null
        ? `Refused under rule ${rule}:`
        : status === 409
          ? "The appeal already has a ruling; the committee's decision is final (409):"
          : status === 400
            ? 'The server refused these fields (400):'
            : status === 0
              ? 'The server could not be reached:'
              : `Refused by the server (HTTP ${String(status)}):`,
  },
};

export const replayMessages: Readonly<Record<Lang, ReplayMessages>> = { 'zh-CN': zh, en };
