/**
 * The cues the producer (and the auto-director) can send the on-air pages (issue 9). Plain
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

/** Seats a lower third can be shown for. */
export const LOWER_THIRD_SEATS = ['S', 'E', 'N', 'W'] as const;

/** What a lower-third cue names: a seat, or `clear` to hide it. */
export const LOWER_THIRD_CUES = [...LOWER_THIRD_SEATS, 'clear'] as const;
export type LowerThirdCue = (typeof LOWER_THIRD_CUES)[number];

/** A manual overlay moment; it carries no game data (the page replays what it already holds). */
export type OverlayCue = { moment: OverlayMoment } | { lowerThird: LowerThirdCue };
