import type { Lang } from '../../../lib/i18n';

/** The console's appeal form (GD-APL-1), zh-CN by default and English with `lang=en`. */
export interface AppealMessages {
  readonly open: string;
  readonly title: string;
  /** Why the operator or referee keys this: the captain's signed paper stays the original. */
  readonly onBehalf: string;
  readonly handNumber: string;
  readonly positions: string;
  readonly positionsHint: string;
  readonly team: string;
  readonly chooseTeam: string;
  /** The side (南北), the pair's name when the match has one, and its players. */
  readonly teamOption: (side: string, team: string | null, players: readonly string[]) => string;
  readonly captain: string;
  readonly statement: string;
  readonly language: string;
  readonly languages: Readonly<Record<'zh-CN' | 'en', string>>;
  readonly fee: string;
  readonly submit: string;
  readonly cancel: string;
  readonly sending: string;
  readonly notInteger: (value: string) => string;
  readonly filed: (appealId: string, answerDue: string) => string;
}

const zh: AppealMessages = {
  open: '申诉登记',
  title: '申诉登记（GD-APL-1）',
  onBehalf: '按队长签字的书面申诉录入；原件留存。',
  handNumber: '局数',
  positions: '争议事件（版本号，可填多个）',
  positionsHint: '如 41, 42',
  team: '申诉方',
  chooseTeam: '请选择',
  teamOption: (side, team, players) =>
    `${team === null ? side : `${side} · ${team}`}（${players.join(' · ')}）`,
  captain: '队长姓名',
  statement: '申诉陈述（必填）',
  language: '陈述语言',
  languages: { 'zh-CN': '中文', en: 'English' },
  fee: '申诉费（元）',
  submit: '提交申诉',
  cancel: '取消',
  sending: '正在提交…',
  notInteger: (value) => `须为非负整数：“${value}”`,
  filed: (appealId, answerDue) => `申诉已登记：${appealId}，答复期限 ${answerDue}`,
};

const en: AppealMessages = {
  open: 'File appeal',
  title: 'File an appeal (GD-APL-1)',
  onBehalf: "Keyed from the captain's signed paper; the paper stays the original.",
  handNumber: 'Deal',
  positions: 'Disputed events (revisions, one or more)',
  positionsHint: 'e.g. 41, 42',
  team: 'Appellant',
  chooseTeam: 'Choose',
  teamOption: (side, team, players) =>
    `${team === null ? side : `${side} · ${team}`} (${players.join(' · ')})`,
  captain: "Captain's name",
  statement: 'Statement (required)',
  language: 'Statement language',
  languages: { 'zh-CN': '中文', en: 'English' },
  fee: 'Fee (CNY)',
  submit: 'File appeal',
  cancel: 'Cancel',
  sending: 'Filing…',
  notInteger: (value) => `must be a whole number ≥ 0: "${value}"`,
  filed: (appealId, answerDue) => `Appeal filed: ${appealId}, answer due ${answerDue}`,
};

export const appealMessages: Readonly<Record<Lang, AppealMessages>> = { 'zh-CN': zh, en };
