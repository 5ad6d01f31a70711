import type { Component } from 'svelte';
import type { Lang } from '../lib/i18n';

/**
 * A game's skin: the on-air graphics a game-neutral frame page asks the game for. The frame pages
 * (scorebug, table, lower third, moments, standings) own the page: the URL, the feed, the delay and
 * signal cards, the layout slots. What is drawn inside a slot comes from the skin of the game the
 * view names (`view.game`, see `skinFor` in ./registry.ts). A game adds its skin as one folder,
 * `overlays/src/games/<id>/`, and one line in the registry; no frame page changes.
 *
 * `View` is the game's view as the feed sends it, `Moment` the game's moment. Every component gets
 * the view and the page's language and brings its own labels (zh-CN by default, English with
 * `lang=en`). A skin imports only the protocol and its game's `@tablecast/<id>/view` subpath.
 */
export interface GameSkin<View, Moment extends SkinMoment> {
  /** The game id, as the views name it (`view.game`) and as the game registry keys it. */
  readonly id: string;
  /** The game's names and seat names, for the frame pages and the producer's pickers. */
  readonly labels: Readonly<Record<Lang, SkinLabels>>;
  /** The seat ids in play order: a lower third (`&seat=`, or a producer cue) names one of these. */
  readonly seats: readonly string[];
  /** The whole table (1920x1080 stage): seats, the play in progress, and the result once it ends. */
  readonly Table: Component<SkinTableProps<View>>;
  /** The scorebug in the top band: sides, score and how far the match has gone. */
  readonly Scorebug: Component<SkinScorebugProps<View>>;
  /** One player's lower third (bottom left); `seat` is always one of `seats`. */
  readonly LowerThird: Component<SkinLowerThirdProps<View>>;
  /** One moment card, drawn inside the moments page's slot (the page decides where and when). */
  readonly Moment: Component<SkinMomentProps<View, Moment>>;
  /**
   * Where the moments page centres this game's moment cards, in stage pixels: the space its table
   * leaves free in the scene layout (libs/obs scene-layout.ts). Unset: the page's own (Guandan's).
   */
  readonly momentArea?: MomentArea;
  /** The match's result card (the table shows it in place of the seats once the match is over). */
  readonly Result: Component<SkinViewProps<View>>;
  /** The match standings (full screen, centred). */
  readonly Standings: Component<SkinViewProps<View>>;
  /** Moments: the latest one a view carries, and how long one stays on air (ms). */
  readonly moments: {
    readonly latest: (view: View) => Moment | null;
    readonly onAirMs: (moment: Moment) => number;
  };
}

/** A rectangle of the 1920x1080 stage, in pixels from its top-left corner. */
export interface MomentArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What a frame page needs to know of any moment: its kind (timing, layout slot) and its revision. */
export interface SkinMoment {
  readonly kind: string;
  /** The stream revision it happened at: a moment is animated once, when newer than the last shown. */
  readonly revision: number;
}

export interface SkinLabels {
  /** The game's name, e.g. 掼蛋 / Guandan. */
  readonly name: string;
  /** Each seat's name, keyed by seat id. */
  readonly seats: Readonly<Record<string, string>>;
}

export interface SkinViewProps<View> {
  readonly view: View;
  readonly lang: Lang;
}

export interface SkinTableProps<View> extends SkinViewProps<View> {
  /** Hands face up: true on the broadcast feed only (the venue view carries no hands anyway). */
  readonly showHand: boolean;
  /** The page's clock and the feed's delay, for the action clock shown on air. */
  readonly nowMs: number;
  readonly delayMs: number;
}

export interface SkinScorebugProps<View> extends SkinViewProps<View> {
  /** The page's clock and the feed's delay, for a timed format's game clock. */
  readonly nowMs: number;
  readonly delayMs: number;
}

export interface SkinLowerThirdProps<View> extends SkinViewProps<View> {
  readonly seat: string;
}

export interface SkinMomentProps<View, Moment> extends SkinViewProps<View> {
  readonly moment: Moment;
}

/** A registered skin, its view type erased: the registry hands a page the skin of the view's game. */
export type AnySkin = GameSkin<unknown, SkinMoment>;

/**
 * Registers a game's skin. The view and moment types are erased here, once: the registry picks a
 * skin by the game the view names, so the view a page passes is always that game's view.
 */
export function defineSkin<View, Moment extends SkinMoment>(skin: GameSkin<View, Moment>): AnySkin {
  return skin as unknown as AnySkin;
}
