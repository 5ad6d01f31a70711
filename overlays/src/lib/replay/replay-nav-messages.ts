import type { Lang } from '../i18n';
import type { JumpKind } from './replay-index';

/** The replay's jumps and search, in zh-CN by default and English with `lang=en`. */
export interface ReplayNavMessages {
  readonly kinds: Readonly<Record<JumpKind, string>>;
  readonly previousOf: (kind: string) => string;
  readonly nextOf: (kind: string) => string;
  readonly search: string;
  readonly searchHint: string;
  readonly noHits: string;
  readonly hits: (n: number) => string;
  readonly venueTime: (zone: string) => string;
}

export const replayNavMessages: Readonly<Record<Lang, ReplayNavMessages>> = {
  'zh-CN': {
    kinds: { deal: '副', penalty: '判罚', appeal: '申诉', correction: '更正' },
    previousOf: (kind) => `上一${kind}`,
    nextOf: (kind) => `下一${kind}`,
    search: '搜索',
    searchHint: '牌（10♥、TH）或座位（南、S、选手名）',
    noHits: '没有匹配的事件',
    hits: (n) => `${String(n)} 个事件`,
    venueTime: (zone) => `赛场时间（${zone}）`,
  },
  en: {
    kinds: { deal: 'deal', penalty: 'penalty', appeal: 'appeal', correction: 'correction' },
    previousOf: (kind) => `Previous ${kind}`,
    nextOf: (kind) => `Next ${kind}`,
    search: 'Search',
    searchHint: 'card (10♥, TH) or seat (S, south, player name)',
    noHits: 'No matching event',
    hits: (n) => `${String(n)} event${n === 1 ? '' : 's'}`,
    venueTime: (zone) => `Venue time (${zone})`,
  },
};
