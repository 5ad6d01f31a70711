/**
 * The cues the producer (and the auto-director) can send the on-air pages. Plain
 * `as const` lists with no zod, so the producer dashboard can import them at run time without
 * pulling zod into its bundle; the schemas in control-messages.ts are built from the same lists.
 */

/** Moments a page can be asked to replay; `clear` takes the current one off. */
export const OVERLAY_MOMENTS = [
  'bomb',
  'straightFlush',
  'fourJokers',
  'tribute',
  'handEnd',
  'penalty',
  // Dou Dizhu's rocket (王炸), spring and anti-spring (DDZ-COMBO-1, DDZ-END-2/3).
  'rocket',
  'spring',
  'antiSpring',
  'delayBuilding',
  'clear',
] as const;
export type OverlayMoment = (typeof OVERLAY_MOMENTS)[number];

/** The lower-third cue that hides it. */
export const LOWER_THIRD_CLEAR = 'clear';

/**
 * A lower-third cue's shape: a seat id of the match's game (S/E/N/W in Guandan and Big Two, 0/1/2
 * in Dou Dizhu), short letters or digits, or `clear`. The contract stays game-neutral: the server
 * checks the seat against the cued match's module seats.
 */
export const LOWER_THIRD_CUE_PATTERN = /^[0-9A-Za-z]{1,8}$/;

/** What a lower-third cue names: a seat id of the match's game, or `clear` to hide it. */
export type LowerThirdCue = string;

/** A manual overlay moment; it carries no game data (the page replays what it already holds). */
export type OverlayCue = { moment: OverlayMoment } | { lowerThird: LowerThirdCue };
