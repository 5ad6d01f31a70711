import type { Component } from 'svelte';
import type { Lang } from '../lib/i18n';
import GuandanCommentator from './guandan/commentator/GuandanCommentator.svelte';

/** A game's commentator board: its view (every hand, delayed) and the server's extras for it. */
export type CommentatorBoard = Component<{ view: never; extras: never; lang: Lang }>;

/**
 * The commentator page's board, by game id (the view's `game`). Dou Dizhu and Big Two have none of
 * their own yet (null): the page says so rather than guess at their rules in the browser.
 */
const BOARDS: Readonly<Record<string, CommentatorBoard | null>> = {
  guandan: GuandanCommentator,
  doudizhu: null,
  bigtwo: null,
};

export function commentatorBoardFor(game: string): CommentatorBoard | null {
  return BOARDS[game] ?? null;
}
