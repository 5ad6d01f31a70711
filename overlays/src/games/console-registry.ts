import type { Component } from 'svelte';
import type { Lang } from '../lib/i18n';
import { bigtwoEn, bigtwoZh } from './bigtwo/labels';
import { doudizhuEn, doudizhuZh } from './doudizhu/labels';
import GuandanConsole from './guandan/console/ConsolePage.svelte';
import { seatNames } from './guandan/names';

/** What the console's shell hands a game's console: the match, the signed-in token, the server. */
export interface ConsoleProps {
  readonly lang: Lang;
  readonly matchId: string;
  readonly initialToken: string;
  readonly origin: string;
  readonly websocketUrl: string;
}

/** A game before the operator: its name, its seats' names, and its keying console if it has one. */
export interface GameConsole {
  readonly name: Readonly<Record<Lang, string>>;
  readonly seats: Readonly<Record<Lang, Readonly<Record<string, string>>>>;
  /** null: the players key their own moves on their terminals; the shell shows the match only. */
  readonly Console: Component<ConsoleProps> | null;
}

/** Each game's console by game id (the view's `game`). */
const CONSOLES: Readonly<Record<string, GameConsole>> = {
  guandan: {
    name: { 'zh-CN': '掼蛋', en: 'Guandan' },
    seats: { 'zh-CN': seatNames.zh, en: seatNames.en },
    Console: GuandanConsole,
  },
  doudizhu: {
    name: { 'zh-CN': doudizhuZh.gameName, en: doudizhuEn.gameName },
    seats: { 'zh-CN': doudizhuZh.seats, en: doudizhuEn.seats },
    Console: null,
  },
  bigtwo: {
    name: { 'zh-CN': bigtwoZh.gameName, en: bigtwoEn.gameName },
    seats: { 'zh-CN': bigtwoZh.seats, en: bigtwoEn.seats },
    Console: null,
  },
};

/** The game the console opens when it cannot learn the match's (the server answers no view). */
export const DEFAULT_CONSOLE_GAME = 'guandan';

/** The console of a game; null for a game this build does not know (the shell shows the match only). */
export function consoleFor(game: string): GameConsole | null {
  return CONSOLES[game] ?? null;
}
