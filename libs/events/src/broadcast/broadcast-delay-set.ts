import { z } from 'zod';
import { defineEvent } from '../catalog/definition';

/**
 * The producer changed a match's broadcast security delay. It lives in the match's own
 * `broadcast-<matchId>` stream, not in `match-<matchId>`: the table's command revisions stay
 * untouched (an operator mid-deal gets no 409 because the producer changed the delay), and the
 * feeds still order it against the plays by global log position. What a change may and may not do
 * to events already recorded (TC-FEED-2/3) is decided by `MatchFeed` in @tablecast/broadcast.
 */
export const BroadcastDelaySetSchema = z.object({
  type: z.literal('BroadcastDelaySet'),
  data: z.object({
    /** The new delay of the delayed audiences (broadcast, commentary), in ms. */
    delayMs: z.int().min(0),
    /** The delay in force before this change, for the arbitration committee's reading of the log. */
    previousDelayMs: z.int().min(0),
  }),
});
export type BroadcastDelaySet = z.infer<typeof BroadcastDelaySetSchema>;

export type BroadcastSettingsEvent = BroadcastDelaySet;

// The delay is no secret: every delayed frame states it (`status.delayMs`).
export const broadcastSettingsEvents = [
  defineEvent(BroadcastDelaySetSchema, { disclosure: 'public' }),
] as const;
