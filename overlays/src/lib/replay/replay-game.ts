import type { ReplayView } from '@tablecast/protocol';
import type { Component } from 'svelte';
import { NO_MARKS, type CardMarks } from '../cards/card-mark';
import type { Lang } from '../i18n';
import type { ReplayMessages } from './replay-messages';

/** One event's sentence for the replay, and the card ids it names (drawn beside it). */
export interface EventSummary {
  readonly text: string;
  readonly cards: readonly string[];
}

/** What a game's words need to name who did what: the page's language and the match's names. */
export interface SummaryContext {
  readonly lang: Lang;
  readonly names?: ReplayView['names'];
}

export interface ReplayTableProps {
  /** The replay at its position: the common part and the game's own (ReplayView is Guandan's shape). */
  readonly view: ReplayView;
  readonly lang: Lang;
  readonly text: ReplayMessages;
}

/**
 * What the committee's replay asks of the game the match plays (games/replay-registry.ts): the
 * names of its events, one sentence per event, who a seat and a pair are, how a level reads, and
 * the table at a position. Display only (STYLE 11): the raw data stays on the page beside it.
 */
export interface ReplayGame {
  eventName(type: string, lang: Lang): string;
  /** null for a type the game does not know or data it cannot read: the page shows the raw data. */
  summarize(
    event: { readonly type: string; readonly data: unknown },
    context: SummaryContext,
  ): EventSummary | null;
  seatLabel(seat: string, context: SummaryContext): string;
  teamLabel(pair: string, context: SummaryContext): string;
  /** levelIndex 0 = 2 … 12 = A, 13 = past A (a game without levels names the index). */
  levelLabel(index: number): string;
  /** The separator between a label and its value ('：' in Chinese). */
  colon(lang: Lang): string;
  /** The game's marks on the cards drawn at a position (the event's cards, the table's). */
  cardMarks(view: ReplayView, lang: Lang): CardMarks;
  readonly Table: Component<ReplayTableProps>;
}

/**
 * A game with no replay words of its own yet: events by their code names, no sentences (the raw
 * data shows), seats and pairs by their ids, and the given table.
 */
export function plainReplayGame(Table: Component<ReplayTableProps>): ReplayGame {
  return {
    eventName: (type) => type,
    summarize: () => null,
    seatLabel: (seat) => seat,
    teamLabel: (pair) => pair,
    levelLabel: (index) => String(index),
    colon: (lang) => (lang === 'en' ? ': ' : '：'),
    cardMarks: () => NO_MARKS,
    Table,
  };
}
