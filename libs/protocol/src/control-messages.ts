import { z } from 'zod';
import { MatchIdSchema, TableIdSchema } from './match-commands';
import type { LowerThirdCaption } from './producer/lower-third-captions';
import { LOWER_THIRD_CUE_PATTERN, OVERLAY_MOMENTS, type OverlayCue } from './producer/overlay-cues';

/**
 * The producer's remote control of the on-air pages: pages announce themselves, the
 * server tells them to reload or to replay a moment. None of these messages carries game data: a
 * cue names a kind of moment and the page replays the latest one it already holds from its own
 * (already released) feed, so a cue can never put a hidden card on air.
 */

/** Checks a cue from the lists of ./producer/overlay-cues.ts (the zod-free copy the pages import). */
export const OverlayCueSchema = z.union([
  z.strictObject({ moment: z.enum(OVERLAY_MOMENTS) }),
  z.strictObject({ lowerThird: z.string().regex(LOWER_THIRD_CUE_PATTERN) }),
]) satisfies z.ZodType<OverlayCue>;

/**
 * Sent by every on-air page (and /watch) right after it connects. Needs no token and grants
 * nothing: it only puts the page on the producer's list of connected pages. `build` identifies
 * the bundle the page runs, so the producer sees a page left on an old build.
 */
export const AnnounceSchema = z.object({
  type: z.literal('announce'),
  page: z.string().min(1).max(64),
  build: z.string().min(1).max(64),
  matchId: MatchIdSchema.optional(),
  audience: z.string().min(1).max(32).optional(),
  lang: z.string().min(1).max(16).optional(),
  /** The table a page set up per table follows (`table=`): its match changes, the page stays. */
  table: TableIdSchema.optional(),
  /** The page follows the table the producer has on program (`onair=1`). */
  onAir: z.literal(true).optional(),
  /** The seat a lower third names (`seat=`). */
  seat: z.string().min(1).max(8).optional(),
  /**
   * The last feed seq the page has shown. Pages re-send their announce every few seconds as a
   * heartbeat with it, so the producer sees a page that has fallen behind its feed.
   */
  lastSeq: z.int().min(0).optional(),
});
export type AnnounceMessage = z.infer<typeof AnnounceSchema>;

/** Server → page: reload yourself (a new build, a stuck browser source). */
export interface RefreshControlMessage {
  readonly type: 'control';
  readonly action: 'refresh';
}

/** Server → page: replay (or clear) a moment from the feed state the page already has. */
export interface CueControlMessage {
  readonly type: 'control';
  readonly action: 'cue';
  readonly cue: OverlayCue;
}

/**
 * Server → lower-third pages: put the producer's text on air (a template filled in, checked by
 * the server). The one control message with text in it: the producer's own words, no game data.
 * A lower-third cue (a seat, or `clear`) sent after it takes it off.
 */
export interface CaptionControlMessage {
  readonly type: 'control';
  readonly action: 'caption';
  readonly caption: LowerThirdCaption;
}

export type ControlMessage = RefreshControlMessage | CueControlMessage | CaptionControlMessage;

/**
 * Parses a cue from an untrusted body (the producer API, the director's rules). Names the field
 * that is wrong, under `prefix` (e.g. `cue` or `rules.2.action.cue`).
 */
export function parseOverlayCue(
  value: unknown,
  prefix = 'cue',
): { ok: true; cue: OverlayCue } | { ok: false; reason: string } {
  const parsed = OverlayCueSchema.safeParse(value);
  if (parsed.success) return { ok: true, cue: parsed.data };
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const unknownField = Object.keys(record).find((key) => key !== 'moment' && key !== 'lowerThird');
    if (unknownField !== undefined) return { ok: false, reason: `${prefix}.${unknownField}: unknown field` };
    if ('moment' in record && !('lowerThird' in record)) {
      return { ok: false, reason: `${prefix}.moment: must be one of ${OVERLAY_MOMENTS.join(', ')}` };
    }
    if ('lowerThird' in record && !('moment' in record)) {
      return {
        ok: false,
        reason: `${prefix}.lowerThird: must be a seat id of the match's game (1 to 8 letters or digits) or clear`,
      };
    }
  }
  return {
    ok: false,
    reason: `${prefix}: must be { moment } or { lowerThird } (exactly one of them)`,
  };
}
