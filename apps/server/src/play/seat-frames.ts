import { z } from 'zod';

/**
 * The player terminal's websocket (`/ws/play`): the client joins with its seat token (in a frame,
 * never in the URL a proxy would log), then sends its moves with the same envelope as HTTP.
 */
export const SeatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('join'), token: z.string().min(1).max(256) }),
  z.object({
    type: z.literal('command'),
    requestId: z.string().min(1).max(64),
    request: z.unknown(),
  }),
  z.object({ type: z.literal('ping'), nonce: z.string().max(64).optional() }),
]);
export type SeatClientFrame = z.infer<typeof SeatClientFrameSchema>;

/** What the server sends a seat: its view on every change, its choices when it is to act. */
export type SeatServerFrame =
  | { readonly type: 'joined'; readonly matchId: string; readonly seat: string; readonly serverTime: number }
  | {
      readonly type: 'view';
      /** The match stream's revision: the one the seat's next command is made against. */
      readonly revision: number;
      readonly serverTime: number;
      /**
       * The module's view for the seat. Its match-fixed fields (`viewFixed`: Guandan's ruleset) are
       * in the first view after a join and again only when they change; a view without them leaves
       * them as the client last received them.
       */
      readonly view: unknown;
      readonly choices: unknown;
    }
  | {
      readonly type: 'commandResult';
      readonly requestId: string;
      readonly ok: boolean;
      readonly result?: unknown;
      readonly error?: unknown;
      /** On a temporary refusal (503), when to send the same command again: the HTTP `Retry-After`, in seconds. */
      readonly retryAfterSeconds?: number;
    }
  | { readonly type: 'pong'; readonly nonce?: string; readonly serverTime: number }
  | { readonly type: 'error'; readonly code: string; readonly message: string };
