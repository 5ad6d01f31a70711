import type { Component } from 'svelte';
import type { Lang } from '../lib/i18n';
import { DEFAULT_GAME } from './game-of';
import GuandanConsole from './guandan/console/ConsolePage.svelte';

/** What the console's shell hands a game's console: the match, the signed-in token, the server. */
export interface ConsoleProps {
  readonly lang: Lang;
  readonly matchId: string;
  readonly initialToken: string;
  readonly origin: string;
  readonly websocketUrl: string;
}

/**
 * Each game's keying console by game id (the view's `game`). Dou Dizhu's and Big Two's players key
 * their own moves on their terminals (pages/play): null, and the shell shows the match only.
 */
const CONSOLES: Readonly<Record<string, Component<ConsoleProps> | null>> = {
  guandan: GuandanConsole,
  doudizhu: null,
  bigtwo: null,
};

/** The game the console opens when it cannot learn the match's (the server answers no view). */
export const DEFAULT_CONSOLE_GAME = DEFAULT_GAME;

/** The keying console of a game; null for a game played on the terminals or unknown to this build. */
export function consoleFor(game: string): Component<ConsoleProps> | null {
  return CONSOLES[game] ?? null;
}
