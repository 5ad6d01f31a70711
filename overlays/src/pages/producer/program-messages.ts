import type { ProgramTableView, ProposalMoment } from '@tablecast/protocol/producer';
import type { Lang } from '../../lib/i18n';

/** The program panel's words: zh-CN by default, English with lang=en. */
export interface ProgramCatalog {
  readonly title: string;
  readonly tournament: (id: string, round: number | null) => string;
  readonly everyTable: string;
  readonly noTables: string;
  readonly table: (label: string) => string;
  readonly onAir: string;
  readonly inPreview: string;
  readonly preview: string;
  readonly take: string;
  readonly takePreview: string;
  readonly played: (n: number) => string;
  readonly noVenue: string;
  readonly status: Readonly<Record<'new' | 'live' | 'ended', string>>;
  readonly delay: Readonly<Record<ProgramTableView['delay']['feedState'], string>>;
  readonly delaySeconds: (s: number) => string;
  readonly proposals: string;
  readonly noProposals: string;
  readonly cutTo: (table: string, moment: string) => string;
  readonly takeProposal: string;
  readonly dismiss: string;
  readonly moments: Readonly<Record<ProposalMoment, string>>;
  readonly link: Readonly<Record<'connecting' | 'offline', string>>;
  readonly failed: (status: number, message: string) => string;
}

const zh: ProgramCatalog = {
  title: '多桌导播',
  tournament: (id, round) => `赛事 ${id}${round === null ? '' : ` · 第 ${String(round)} 轮`}`,
  everyTable: '所有有比赛的桌',
  noTables: '暂无在赛的桌',
  table: (label) => `第 ${label} 桌`,
  onAir: '播出中',
  inPreview: '预览中',
  preview: '预览',
  take: '切出',
  takePreview: '切出预览',
  played: (n) => `已打 ${String(n)} 副`,
  noVenue: '等待现场数据',
  status: { new: '未开始', live: '进行中', ended: '已结束' },
  delay: { live: '延时正常', building: '延时建立中', behind: '延时追加中' },
  delaySeconds: (s) => `延时 ${String(s)} 秒`,
  proposals: '自动导播建议',
  noProposals: '暂无建议',
  cutTo: (table, moment) => `切到第 ${table} 桌：${moment}`,
  takeProposal: '采纳',
  dismiss: '忽略',
  moments: {
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
    matchEnd: '比赛结束',
  },
  link: { connecting: '正在连接…', offline: '连接中断，正在重连…' },
  failed: (status, message) => `操作失败（${String(status)}）：${message}`,
};

const en: ProgramCatalog = {
  title: 'Tables',
  tournament: (id, round) => `Event ${id}${round === null ? '' : ` · round ${String(round)}`}`,
  everyTable: 'Every table with a match',
  noTables: 'No table has a match yet',
  table: (label) => `Table ${label}`,
  onAir: 'On air',
  inPreview: 'Preview',
  preview: 'Preview',
  take: 'Take',
  takePreview: 'Take preview',
  played: (n) => (n === 1 ? '1 deal played' : `${String(n)} deals played`),
  noVenue: 'Waiting for the venue feed',
  status: { new: 'Not started', live: 'Live', ended: 'Ended' },
  delay: { live: 'Delay live', building: 'Delay building', behind: 'Delay rebuilding' },
  delaySeconds: (s) => `${String(s)} s delay`,
  proposals: 'Auto-director proposals',
  noProposals: 'No proposal',
  cutTo: (table, moment) => `Cut to table ${table}: ${moment}`,
  takeProposal: 'Take',
  dismiss: 'Dismiss',
  moments: {
    bomb: 'Bomb',
    straightFlush: 'Straight flush',
    fourJokers: 'Four jokers',
    handEnd: 'Deal end',
    tribute: 'Tribute',
    penalty: 'Penalty',
    matchPoint: 'Match point',
    rocket: 'Rocket',
    spring: 'Spring',
    antiSpring: 'Anti-spring',
    matchEnd: 'Match end',
  },
  link: { connecting: 'Connecting…', offline: 'Connection lost, reconnecting…' },
  failed: (status, message) => `Failed (${String(status)}): ${message}`,
};

export const programMessages: Readonly<Record<Lang, ProgramCatalog>> = { 'zh-CN': zh, en };

/** A table's short label: its tournament number, else the number in a `t<N>` id, else the id. */
export function tableLabel(table: string, number: number | null): string {
  if (number !== null) return String(number);
  const numbered = /^t(\d+)$/.exec(table);
  return numbered?.[1] ?? table;
}
