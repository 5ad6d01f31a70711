import type { FeedEvent } from '@tablecast/protocol';
import type { Component } from 'svelte';
import type { Lang } from '../i18n';

/** What the spectator site hands a game's story of a match (the view as the broadcast feed sends it). */
export interface WatchStoryProps {
  readonly view: unknown;
  readonly lang: Lang;
  readonly nowMs: number;
  readonly delayMs: number;
  /** The deal a shared link points at (`#deal-N`), opened in the history; null without one. */
  readonly linked: number | null;
}

/**
 * A game's part of the spectator site (games/watch-registry.ts): everything under the page's
 * header for one match, and what a screen reader hears of each released event.
 */
export interface WatchStory {
  readonly Story: Component<WatchStoryProps>;
  announce(event: FeedEvent | null, view: unknown, lang: Lang): string | null;
}
