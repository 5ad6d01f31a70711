import type { DirectorLogPart } from './director-log';
import type { OverlayCue } from './overlay-cues';

/**
 * The auto-director's rules and log as the producer API carries them. The server's zod
 * schemas (apps/server/src/director/director-rules.ts) validate into these types.
 */

/** The moments the director reacts to, as the broadcast feed shows them. */
export const DIRECTOR_MOMENTS = [
  'bomb',
  'straightFlush',
  'fourJokers',
  'handEnd',
  'tribute',
  'penalty',
  'matchPoint',
  // Dou Dizhu's (its module's moments, DDZ-COMBO-1, DDZ-END-2/3); its bomb is `bomb` above.
  'rocket',
  'spring',
  'antiSpring',
] as const;
export type DirectorMoment = (typeof DIRECTOR_MOMENTS)[number];

export type DirectorAction =
  | {
      readonly type: 'switchScene';
      readonly scene: string;
      /** `cut`: straight to program. `previewAndTake`: preview, then a studio-mode take. */
      readonly mode: 'cut' | 'previewAndTake';
      /** Go back to the scene that was on program before, this long after the switch. */
      readonly returnAfterMs?: number | undefined;
    }
  | { readonly type: 'showMoment'; readonly cue: OverlayCue }
  | {
      readonly type: 'transition';
      /** The OBS transition to take with (its current one when absent). */
      readonly transition?: string | undefined;
    };

export interface DirectorRule {
  readonly id: string;
  readonly enabled: boolean;
  readonly on: DirectorMoment;
  readonly action: DirectorAction;
  /** After the rule acted, it stays quiet this long (repeats are logged as `cooldown`). */
  readonly cooldownMs: number;
  /** The OBS instance (OBS_INSTANCES name); the bridge's default (`main`) when absent. */
  readonly obs?: string | undefined;
}

export interface DirectorLogEntry {
  readonly at: string;
  readonly matchId: string;
  readonly moment: DirectorMoment;
  readonly ruleId: string;
  readonly outcome: 'acted' | 'cooldown' | 'disabled' | 'failed';
  /** The line in English, as the server words it (server logs, scripts, older dashboards). */
  readonly detail: string;
  /** The same line as codes and parameters, for the dashboard to word in its language (director-log.ts). */
  readonly parts: readonly DirectorLogPart[];
}

/** `GET /api/director`. */
export interface DirectorStatus {
  readonly enabled: boolean;
  /** No rule changes the program scene sooner than this after its last change. */
  readonly minSceneDwellMs: number;
  readonly rules: readonly DirectorRule[];
  /** Newest first, the last 100. */
  readonly log: readonly DirectorLogEntry[];
}
