import type { CaptionFieldName, CaptionTemplate } from '@tablecast/protocol/producer';
import { directorLogEn, directorLogZh, type DirectorLogWords } from './director-log-words';
import type {
  DirectorAction,
  DirectorLogEntry,
  DirectorRule,
  ObsConnectionState,
  ObsMirrorStatus,
  OverlayCue,
} from './producer-types';

type MomentName = Extract<OverlayCue, { moment: string }>['moment'];
type ProducerAction =
  | 'preview'
  | 'cut'
  | 'take'
  | 'studioMode'
  | 'setupScenes'
  | 'cueItem'
  | 'takeCued'
  | 'saveRundown'
  | 'sendCue'
  | 'sendCaption'
  | 'refreshPage'
  | 'refreshAllPages'
  | 'saveDirectorRules'
  | 'setDirectorEnabled'
  | 'setProgramTable'
  | 'setDelay';

/** The producer dashboard; every string it shows, zh-CN and English. */
export interface ProducerCatalog {
  readonly title: string;
  readonly keysHelp: string;
  readonly signIn: {
    readonly title: string;
    readonly label: string;
    readonly submit: string;
    readonly unauthorized: string;
    readonly forbidden: string;
    readonly signOut: string;
  };
  readonly link: {
    readonly loading: string;
    readonly offline: string;
    readonly sending: string;
    /** The log refused the request for a while (503): it goes again by itself after the wait. */
    readonly resending: (seconds: number) => string;
    readonly error: (message: string) => string;
  };
  readonly match: { readonly label: string; readonly none: string };
  readonly unavailable: string;
  readonly actions: Readonly<Record<ProducerAction, string>>;
  readonly actionFailed: (action: string, status: number, message: string) => string;
  readonly obs: {
    readonly title: string;
    readonly none: string;
    readonly states: Readonly<Record<ObsConnectionState, string>>;
    readonly program: string;
    readonly preview: string;
    readonly studioMode: string;
    readonly scenes: string;
    readonly noScenes: string;
    readonly take: string;
    readonly cut: string;
    readonly fps: string;
    readonly renderSkipped: string;
    readonly outputSkipped: string;
    readonly skipped: (skipped: number, total: number) => string;
    readonly thumbnail: (scene: string) => string;
    /** A backup's following of the main's program scene (the rundown's takes, the director's cuts). */
    readonly mirror: Readonly<Record<ObsMirrorStatus['state'], (scene: string) => string>>;
    readonly setupScenes: string;
    readonly setupScenesWhat: string;
  };
  readonly rundown: {
    readonly title: string;
    readonly empty: string;
    readonly cue: string;
    readonly take: string;
    readonly live: string;
    readonly cued: string;
    readonly locked: string;
    readonly edit: string;
    readonly save: string;
    readonly cancel: string;
    readonly add: string;
    readonly remove: string;
    readonly label: string;
    readonly scene: string;
    readonly notes: string;
    readonly newItem: string;
    readonly moveUp: string;
    readonly moveDown: string;
    readonly pickScene: string;
    readonly noScenes: string;
    /** A saved item's scene that the rundown's OBS does not list (renamed or deleted there). */
    readonly notInObs: (scene: string) => string;
  };
  readonly moments: {
    readonly title: string;
    readonly needMatch: string;
    readonly names: Readonly<Record<MomentName, string>>;
    readonly lowerThird: string;
    readonly clear: string;
    readonly delivered: (pages: number) => string;
  };
  /** Lower-third text from a template: pick, fill in, preview, take. */
  readonly captions: {
    readonly title: string;
    readonly template: string;
    readonly templates: Readonly<Record<CaptionTemplate, string>>;
    readonly fields: Readonly<Record<CaptionFieldName, string>>;
    readonly optional: string;
    readonly preview: string;
    readonly emptyPreview: string;
    readonly take: string;
    readonly clear: string;
    readonly needMatch: string;
    readonly required: string;
    readonly tooLong: (maxLength: number) => string;
    /** What a field with a fixed form (a level, a score) takes. */
    readonly patterns: Readonly<Partial<Record<CaptionFieldName, string>>>;
    readonly delivered: (pages: number) => string;
  };
  readonly pages: {
    readonly title: string;
    readonly none: string;
    readonly page: string;
    readonly build: string;
    readonly match: string;
    readonly lastMessage: string;
    readonly lastSeq: string;
    readonly stale: string;
    readonly fresh: string;
    readonly refresh: string;
    readonly refreshAll: string;
    readonly secondsAgo: (seconds: number) => string;
    /** The on-air pages use two feeds: the odd pages (names), their feed, and the show's feed. */
    readonly feedMix: (pages: string, feed: string, airFeed: string) => string;
    readonly feedNames: { readonly venue: string; readonly broadcast: string };
    /** The live thumbnails: each on-air page as OBS loads it, drawn small. */
    readonly thumbnails: string;
    readonly thumbnailOf: (page: string, match: string) => string;
  };
  readonly director: {
    readonly title: string;
    readonly enabled: string;
    readonly disabled: string;
    readonly rules: string;
    readonly on: string;
    readonly action: string;
    readonly target: string;
    readonly mode: string;
    readonly cooldown: string;
    readonly ruleEnabled: string;
    readonly addRule: string;
    readonly remove: string;
    readonly save: string;
    readonly reset: string;
    readonly unsaved: string;
    readonly log: string;
    readonly emptyLog: string;
    readonly triggers: Readonly<Record<DirectorRule['on'], string>>;
    readonly actionTypes: Readonly<Record<DirectorAction['type'], string>>;
    readonly modes: Readonly<Record<'cut' | 'previewAndTake', string>>;
    readonly outcomes: Readonly<Record<DirectorLogEntry['outcome'], string>>;
    /** The log's lines, worded from the server's codes (director-log-words.ts). */
    readonly logWords: DirectorLogWords;
    readonly dwell: (seconds: number) => string;
    readonly pickScene: string;
    readonly notInObs: (scene: string) => string;
    readonly noObs: string;
  };
  readonly delay: {
    readonly title: string;
    readonly none: string;
    readonly building: string;
    readonly liveIn: string;
    readonly waitingFirstEvent: string;
    readonly live: string;
    readonly delayOf: (clock: string) => string;
    /** The broadcast holds still after a raise: how far behind it is of the new delay's schedule. */
    readonly behindBy: (seconds: number) => string;
    readonly behindWhy: string;
    readonly change: string;
    readonly seconds: string;
    readonly save: string;
    readonly cancel: string;
    readonly needMatch: string;
  };
  readonly programTable: {
    readonly title: string;
    readonly label: string;
    readonly none: string;
    /** The match now at the table on program, which every `onair=1` page shows. */
    readonly showing: (matchId: string) => string;
    readonly noMatch: string;
  };
  /** Turn clocks whose default the server refused for good (DDZ-GEN-2), per match. */
  readonly turnClock: {
    readonly title: string;
    readonly none: string;
    /** This server process keeps no turn clocks (a standby), so it cannot say. */
    readonly unknown: string;
    /** `cause`: the refusing rule ID, or the reason when no rule refused it. */
    readonly refused: (command: string, cause: string) => string;
    readonly times: (count: number) => string;
    readonly lastAgo: (seconds: number) => string;
    readonly waiting: string;
    readonly movedOn: string;
  };
}

const momentsZh: Readonly<Record<MomentName, string>> = {
  bomb: '炸弹',
  straightFlush: '同花顺',
  fourJokers: '四大天王',
  tribute: '进贡',
  handEnd: '本副结束',
  penalty: '判罚',
  rocket: '王炸',
  spring: '春天',
  antiSpring: '反春',
  delayBuilding: '延时缓冲',
  clear: '清除时刻',
};

const momentsEn: Readonly<Record<MomentName, string>> = {
  bomb: 'Bomb',
  straightFlush: 'Straight flush',
  fourJokers: 'Four jokers',
  tribute: 'Tribute',
  handEnd: 'Deal over',
  penalty: 'Penalty',
  rocket: 'Rocket',
  spring: 'Spring',
  antiSpring: 'Anti-spring',
  delayBuilding: 'Delay building',
  clear: 'Clear moment',
};

export const producerZh: ProducerCatalog = {
  title: '导播台',
  keysHelp: '空格 切换上线（节目单已预备条目，否则 OBS 预览） · 1–9 预备节目单条目',
  signIn: {
    title: '导播登录',
    label: '导播令牌',
    submit: '进入',
    unauthorized: '令牌无效或缺失，请重新登录',
    forbidden: '此令牌不是导播令牌',
    signOut: '退出',
  },
  link: {
    loading: '正在读取…',
    offline: '与服务器的连接中断，正在重试…',
    sending: '正在发送…',
    resending: (seconds) => `服务器繁忙，${String(seconds)} 秒后自动重新发送…`,
    error: (message) => `服务器报错：${message}`,
  },
  match: { label: '比赛', none: '（未选择）' },
  unavailable: '服务器尚未提供此功能',
  actions: {
    preview: '设为预览',
    cut: '直切',
    take: '切换上线',
    studioMode: '导播模式',
    setupScenes: '搭建场景',
    cueItem: '预备',
    takeCued: '节目单切换上线',
    saveRundown: '保存节目单',
    sendCue: '触发时刻',
    sendCaption: '字幕上屏',
    refreshPage: '刷新页面',
    refreshAllPages: '刷新全部页面',
    saveDirectorRules: '保存规则',
    setDirectorEnabled: '启用 / 停用自动导播',
    setProgramTable: '设定在播球台',
    setDelay: '设定延时',
  },
  actionFailed: (action, status, message) =>
    `${action}失败${status > 0 ? `（${String(status)}）` : ''}：${message}`,
  obs: {
    title: 'OBS',
    none: '未配置 OBS（OBS_INSTANCES）',
    states: {
      idle: '未连接',
      connecting: '正在连接',
      connected: '已连接',
      reconnecting: '重连中',
      'auth-failed': '密码错误',
      closed: '已关闭',
    },
    program: '节目',
    preview: '预览',
    studioMode: '导播模式',
    scenes: '场景（点击设为预览）',
    noScenes: '尚未读取到场景',
    take: '切换 TAKE',
    cut: '直切 CUT',
    fps: '帧率',
    renderSkipped: '渲染丢帧',
    outputSkipped: '输出丢帧',
    skipped: (skipped, total) => `${String(skipped)} / ${String(total)}`,
    thumbnail: (scene) => `节目画面：${scene}`,
    mirror: {
      idle: () => '备机：尚未同步主机节目',
      pending: (scene) => `备机同步中：${scene}`,
      ok: (scene) => `备机已同步：${scene}`,
      failed: (scene) => `备机未能同步：${scene}`,
    },
    setupScenes: '搭建决赛场景',
    setupScenesWhat: '场景中的图文跟随在播球台（onair=1），换场比赛无需重设',
  },
  rundown: {
    title: '节目单',
    empty: '节目单为空',
    cue: '预备',
    take: '切换上线',
    live: '直播中',
    cued: '已预备',
    locked: '直播中，已锁定',
    edit: '编辑',
    save: '保存',
    cancel: '取消',
    add: '添加条目',
    remove: '删除',
    label: '标题',
    scene: '场景',
    notes: '备注',
    newItem: '新条目',
    moveUp: '上移',
    moveDown: '下移',
    pickScene: '选择场景',
    noScenes: '未读取到 OBS 场景列表（OBS 未连接）',
    notInObs: (scene) => `${scene}（OBS 中没有）`,
  },
  moments: {
    title: '时刻触发',
    needMatch: '请先选择比赛',
    names: momentsZh,
    lowerThird: '下方字幕',
    clear: '清除字幕',
    delivered: (pages) => `已送达 ${String(pages)} 个页面`,
  },
  captions: {
    title: '字幕模板',
    template: '模板',
    templates: { player: '选手介绍', score: '比分', level: '打 N', free: '自由文本' },
    fields: {
      name: '姓名',
      team: '队伍',
      leftTeam: '左方队伍',
      leftScore: '左方比分',
      rightTeam: '右方队伍',
      rightScore: '右方比分',
      level: '级数',
      title: '标题',
      subtitle: '副标题',
    },
    optional: '（选填）',
    preview: '预览',
    emptyPreview: '填写后在此预览',
    take: '字幕上屏',
    clear: '撤下字幕',
    needMatch: '请先选择比赛',
    required: '必填',
    tooLong: (maxLength) => `最多 ${String(maxLength)} 个字`,
    patterns: {
      level: '2–10、J、Q、K 或 A',
      leftScore: '数字或级数，最多 4 位',
      rightScore: '数字或级数，最多 4 位',
    },
    delivered: (pages) => `已送达 ${String(pages)} 个字幕页面`,
  },
  pages: {
    title: '在线页面',
    none: '没有已连接的页面',
    page: '页面',
    build: '版本',
    match: '比赛',
    lastMessage: '最后消息',
    lastSeq: '序号',
    stale: '滞后',
    fresh: '正常',
    refresh: '刷新',
    refreshAll: '全部刷新',
    secondsAgo: (seconds) => `${String(seconds)} 秒前`,
    feedMix: (pages, feed, airFeed) =>
      `信号不一致：${pages} 用的是${feed}信号，其余在播页面用${airFeed}信号，画面会不同步`,
    feedNames: { venue: '现场', broadcast: '直播（延时）' },
    thumbnails: '实时缩略图',
    thumbnailOf: (page, match) => `${page} · ${match} 实时画面`,
  },
  director: {
    title: '自动导播',
    enabled: '已启用',
    disabled: '已停用',
    rules: '规则',
    on: '触发',
    action: '动作',
    target: '场景 / 时刻',
    mode: '方式',
    cooldown: '冷却（秒）',
    ruleEnabled: '启用',
    addRule: '添加规则',
    remove: '删除',
    save: '保存规则',
    reset: '放弃修改',
    unsaved: '有未保存的修改',
    log: '记录',
    emptyLog: '暂无记录',
    triggers: {
      bomb: '炸弹',
      straightFlush: '同花顺',
      fourJokers: '四大天王',
      handEnd: '本副结束',
      tribute: '进贡',
      penalty: '判罚',
      matchPoint: '赛点',
      rocket: '王炸',
      spring: '春天',
      antiSpring: '反春',
    },
    actionTypes: { switchScene: '切换场景', showMoment: '显示时刻', transition: '转场' },
    modes: { cut: '直切', previewAndTake: '预览后切换' },
    outcomes: { acted: '已执行', cooldown: '冷却中', disabled: '未启用', failed: '失败' },
    logWords: directorLogZh,
    dwell: (seconds) => `画面至少停留 ${String(seconds)} 秒`,
    pickScene: '选择场景',
    notInObs: (scene) => `${scene}（OBS 中没有）`,
    noObs: '未配置 OBS：切换场景与转场规则处于空闲，只触发图文时刻',
  },
  delay: {
    title: '延时',
    none: '选择比赛后显示延时',
    building: '延时缓冲中',
    liveIn: '距上线',
    waitingFirstEvent: '等待首个事件',
    live: '直播（已延时）',
    delayOf: (clock) => `延时 ${clock}`,
    behindBy: (seconds) => `落后 ${String(seconds)} 秒`,
    behindWhy: '延时已加长：直播画面暂停，直到新延时建立',
    change: '修改延时',
    seconds: '延时（秒）',
    save: '应用',
    cancel: '取消',
    needMatch: '请先选择比赛',
  },
  programTable: {
    title: '在播球台',
    label: '球台',
    none: '（无）',
    showing: (matchId) => `onair=1 页面显示：${matchId}`,
    noMatch: '该球台暂无比赛',
  },
  turnClock: {
    title: '回合计时',
    none: '没有被拒绝的超时默认动作',
    unknown: '此服务器进程不运行回合计时',
    refused: (command, cause) => `超时默认动作 ${command} 被拒绝（${cause}）`,
    times: (count) => `共 ${String(count)} 次`,
    lastAgo: (seconds) => `最近一次在 ${String(seconds)} 秒前`,
    waiting: '牌桌停在已超时的回合，等待下一个事件',
    movedOn: '牌桌已继续',
  },
};

export const producerEn: ProducerCatalog = {
  title: 'Producer dashboard',
  keysHelp: 'Space take (the cued rundown item, else OBS preview) · 1–9 cue a rundown item',
  signIn: {
    title: 'Producer sign-in',
    label: 'Producer token',
    submit: 'Enter',
    unauthorized: 'Missing or unknown token: sign in again',
    forbidden: 'This is not a producer token',
    signOut: 'Sign out',
  },
  link: {
    loading: 'Loading…',
    offline: 'Lost the connection to the server, retrying…',
    sending: 'Sending…',
    resending: (seconds) =>
      `The server is busy; sending again by itself in ${String(seconds)} ${seconds === 1 ? 'second' : 'seconds'}…`,
    error: (message) => `Server error: ${message}`,
  },
  match: { label: 'Match', none: '(none)' },
  unavailable: 'This server does not offer this yet',
  actions: {
    preview: 'Preview',
    cut: 'Cut',
    take: 'Take',
    studioMode: 'Studio mode',
    setupScenes: 'Scene setup',
    cueItem: 'Cue',
    takeCued: 'Rundown take',
    saveRundown: 'Save rundown',
    sendCue: 'Moment',
    sendCaption: 'Lower-third text',
    refreshPage: 'Refresh page',
    refreshAllPages: 'Refresh all pages',
    saveDirectorRules: 'Save rules',
    setDirectorEnabled: 'Director on / off',
    setProgramTable: 'Program table',
    setDelay: 'Set delay',
  },
  actionFailed: (action, status, message) =>
    `${action} failed${status > 0 ? ` (${String(status)})` : ''}: ${message}`,
  obs: {
    title: 'OBS',
    none: 'No OBS configured (OBS_INSTANCES)',
    states: {
      idle: 'Not connected',
      connecting: 'Connecting',
      connected: 'Connected',
      reconnecting: 'Reconnecting',
      'auth-failed': 'Wrong password',
      closed: 'Closed',
    },
    program: 'Program',
    preview: 'Preview',
    studioMode: 'Studio mode',
    scenes: 'Scenes (click to preview)',
    noScenes: 'No scenes read yet',
    take: 'TAKE',
    cut: 'CUT',
    fps: 'FPS',
    renderSkipped: 'Render skipped',
    outputSkipped: 'Output skipped',
    skipped: (skipped, total) => `${String(skipped)} / ${String(total)}`,
    thumbnail: (scene) => `Program picture: ${scene}`,
    mirror: {
      idle: () => 'Backup: not following the main yet',
      pending: (scene) => `Backup switching to ${scene}`,
      ok: (scene) => `Backup follows: ${scene}`,
      failed: (scene) => `Backup did not follow: ${scene}`,
    },
    setupScenes: 'Set up final scenes',
    setupScenesWhat: 'The graphics follow the table on program (onair=1), match after match',
  },
  rundown: {
    title: 'Rundown',
    empty: 'The rundown is empty',
    cue: 'Cue',
    take: 'Take',
    live: 'Live',
    cued: 'Cued',
    locked: 'Live, locked',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    add: 'Add item',
    remove: 'Remove',
    label: 'Label',
    scene: 'Scene',
    notes: 'Notes',
    newItem: 'New item',
    moveUp: 'Move up',
    moveDown: 'Move down',
    pickScene: 'Pick a scene',
    noScenes: 'No scene list from OBS (OBS not connected)',
    notInObs: (scene) => `${scene} (not in OBS)`,
  },
  moments: {
    title: 'Moments',
    needMatch: 'Choose a match first',
    names: momentsEn,
    lowerThird: 'Lower third',
    clear: 'Clear lower third',
    delivered: (pages) => `Delivered to ${String(pages)} page${pages === 1 ? '' : 's'}`,
  },
  captions: {
    title: 'Lower-third text',
    template: 'Template',
    templates: { player: 'Player', score: 'Score', level: 'Playing N', free: 'Free text' },
    fields: {
      name: 'Name',
      team: 'Team',
      leftTeam: 'Left team',
      leftScore: 'Left score',
      rightTeam: 'Right team',
      rightScore: 'Right score',
      level: 'Level',
      title: 'Title',
      subtitle: 'Subtitle',
    },
    optional: '(optional)',
    preview: 'Preview',
    emptyPreview: 'Fill in the fields to preview',
    take: 'Take to air',
    clear: 'Take off air',
    needMatch: 'Choose a match first',
    required: 'Required',
    tooLong: (maxLength) => `At most ${String(maxLength)} characters`,
    patterns: {
      level: '2–10, J, Q, K or A',
      leftScore: 'Digits or a level, up to 4',
      rightScore: 'Digits or a level, up to 4',
    },
    delivered: (pages) => `Delivered to ${String(pages)} lower-third page${pages === 1 ? '' : 's'}`,
  },
  pages: {
    title: 'Connected pages',
    none: 'No page is connected',
    page: 'Page',
    build: 'Build',
    match: 'Match',
    lastMessage: 'Last message',
    lastSeq: 'Seq',
    stale: 'Stale',
    fresh: 'OK',
    refresh: 'Refresh',
    refreshAll: 'Refresh all',
    secondsAgo: (seconds) => `${String(seconds)} s ago`,
    feedMix: (pages, feed, airFeed) =>
      `Feeds mixed: ${pages} on the ${feed} feed, the other on-air pages on the ${airFeed} feed; they will not match`,
    feedNames: { venue: 'venue (live)', broadcast: 'broadcast (delayed)' },
    thumbnails: 'Live thumbnails',
    thumbnailOf: (page, match) => `${page} · ${match}, live`,
  },
  director: {
    title: 'Auto-director',
    enabled: 'On',
    disabled: 'Off',
    rules: 'Rules',
    on: 'On',
    action: 'Action',
    target: 'Scene / moment',
    mode: 'Mode',
    cooldown: 'Cool-down (s)',
    ruleEnabled: 'Enabled',
    addRule: 'Add rule',
    remove: 'Remove',
    save: 'Save rules',
    reset: 'Discard changes',
    unsaved: 'Unsaved changes',
    log: 'Log',
    emptyLog: 'Nothing yet',
    triggers: {
      bomb: 'Bomb',
      straightFlush: 'Straight flush',
      fourJokers: 'Four jokers',
      handEnd: 'Deal over',
      tribute: 'Tribute',
      penalty: 'Penalty',
      matchPoint: 'Match point',
      rocket: 'Rocket',
      spring: 'Spring',
      antiSpring: 'Anti-spring',
    },
    actionTypes: { switchScene: 'Switch scene', showMoment: 'Show moment', transition: 'Transition' },
    modes: { cut: 'Cut', previewAndTake: 'Preview, then take' },
    outcomes: { acted: 'Acted', cooldown: 'Cool-down', disabled: 'Disabled', failed: 'Failed' },
    logWords: directorLogEn,
    dwell: (seconds) => `A picture stays at least ${String(seconds)} s`,
    pickScene: 'Pick a scene',
    notInObs: (scene) => `${scene} (not in OBS)`,
    noObs: 'No OBS configured: the scene and transition rules are idle; only moments are cued',
  },
  delay: {
    title: 'Delay',
    none: 'Choose a match to see its delay',
    building: 'Delay building',
    liveIn: 'Live in',
    waitingFirstEvent: 'Waiting for the first event',
    live: 'Live (delayed)',
    delayOf: (clock) => `Delay ${clock}`,
    behindBy: (seconds) => `Behind by ${String(seconds)} s`,
    behindWhy: 'The delay was lengthened: the broadcast holds until it is rebuilt',
    change: 'Change delay',
    seconds: 'Delay (s)',
    save: 'Apply',
    cancel: 'Cancel',
    needMatch: 'Choose a match first',
  },
  programTable: {
    title: 'Table on program',
    label: 'Table',
    none: '(none)',
    showing: (matchId) => `onair=1 pages show ${matchId}`,
    noMatch: 'No match at this table yet',
  },
  turnClock: {
    title: 'Turn clocks',
    none: 'No refused turn-clock defaults',
    unknown: 'This server process keeps no turn clocks',
    refused: (command, cause) => `Timed-out default ${command} refused (${cause})`,
    times: (count) => `${String(count)}×`,
    lastAgo: (seconds) => `last ${String(seconds)} s ago`,
    waiting: 'Table stuck on a turn whose clock ran out, until its next event',
    movedOn: 'The table has moved on',
  },
};

/** The producer dashboard's words by language, imported by its page alone (not the shared catalog). */
export const producerMessages: Readonly<Record<'zh-CN' | 'en', ProducerCatalog>> = {
  'zh-CN': producerZh,
  en: producerEn,
};
