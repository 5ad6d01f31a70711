import type { HandState } from '@tablecast/guandan/view';
import type { Lang } from '../../../lib/i18n';

/** A deal's phase as the console and the replay name it (the replay API sends it as a plain string). */
export type PhaseNames = Readonly<Record<HandState['phase'] | 'none' | 'ended', string>>;

/** Apart from the console's catalog, so the replay page loads these words without the console's. */
export const phaseNames: Readonly<Record<Lang, PhaseNames>> = {
  'zh-CN': {
    none: '未开始',
    dealing: '发牌中',
    tribute: '进贡 / 还贡',
    designate: '指定首家',
    play: '出牌',
    over: '本副结束',
    ended: '比赛结束',
  },
  en: {
    none: 'Not started',
    dealing: 'Dealing',
    tribute: 'Tribute / return',
    designate: 'Designate leader',
    play: 'Play',
    over: 'Deal over',
    ended: 'Match over',
  },
};
