import type { LowerThirdCaption } from '@tablecast/protocol/producer';
import type { Lang } from '../i18n';

/** A caption as the lower third draws it: the big line and the one under it ('' for none). */
export interface CaptionLines {
  readonly title: string;
  readonly line: string;
}

/** The words a template puts around the producer's fields, in each language of the pages. */
const templateWords: Readonly<
  Record<Lang, { readonly score: string; readonly level: (level: string) => string }>
> = {
  'zh-CN': { score: '比分', level: (level) => `打 ${level}` },
  en: { score: 'Score', level: (level) => `Playing ${level}` },
};

/**
 * The lines of a caption (libs/protocol/src/producer/lower-third-captions.ts) in `lang`: the same
 * function draws the on-air lower third and the producer's preview of it, so what is previewed is
 * what goes on air.
 */
export function captionLines(caption: LowerThirdCaption, lang: Lang): CaptionLines {
  const field = (name: string): string => caption.fields[name] ?? '';
  const words = templateWords[lang];
  switch (caption.template) {
    case 'player':
      return { title: field('name'), line: field('team') };
    case 'score':
      return {
        title: `${field('leftTeam')} ${field('leftScore')} : ${field('rightScore')} ${field('rightTeam')}`,
        line: words.score,
      };
    case 'level':
      return { title: field('team'), line: words.level(field('level')) };
    case 'free':
      return { title: field('title'), line: field('subtitle') };
  }
}
