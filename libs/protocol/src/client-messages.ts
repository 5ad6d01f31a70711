import { z } from 'zod';
import { AnnounceSchema } from './control-messages';
import { CommandEnvelopeSchema, MatchIdSchema, TableIdSchema } from './match-commands';

/** Liveness probe from a client; the server answers with `pong`. */
const PingSchema = z.object({ type: z.literal('ping'), nonce: z.string().max(64) });

/** Staff pages present their API token once per connection; viewers never need to. */
const AuthenticateSchema = z.object({ type: z.literal('authenticate'), token: z.string().min(1).max(256) });

/**
 * A match command over the websocket (operator console); answered by `commandResult` with the same
 * id. The request is any game's command envelope, as the HTTP body is: the server reads the command
 * with the match's game's schema (a 400 names the field), as it does for `POST …/commands`.
 */
const CommandSchema = z.object({
  type: z.literal('command'),
  requestId: z.string().min(1).max(64),
  matchId: MatchIdSchema,
  request: CommandEnvelopeSchema,
});

/**
 * Subscribe to a match feed. `audience` is a free string on purpose: an unknown one is
 * served the venue view (fail closed) rather than refused. `staff` and `commentary` need a prior
 * `authenticate`. `lastSeq`: the last feed seq this client received, to resume without gap.
 */
const SubscribeSchema = z.object({
  type: z.literal('subscribe'),
  matchId: MatchIdSchema,
  audience: z.string().min(1).max(32),
  lastSeq: z.int().min(0).optional(),
});

/** Stop receiving a match feed on this connection. */
const UnsubscribeSchema = z.object({ type: z.literal('unsubscribe'), matchId: MatchIdSchema });

/**
 * Follow a table rather than a match: `table` (the match now at that table) or `onAir: true` (the
 * table the producer has on program), exactly one. Answered at once with `following` and again
 * whenever that match changes, so an on-air page set up once per table moves to each new match
 * without a reload. A later `follow` replaces the earlier one on this connection.
 */
const FollowSchema = z
  .object({
    type: z.literal('follow'),
    table: TableIdSchema.optional(),
    onAir: z.literal(true).optional(),
  })
  .refine((message) => (message.table === undefined) !== (message.onAir === undefined), {
    message: 'give exactly one of table (a table id) or onAir (true)',
    path: ['table'],
  });

export const ClientMessageSchema = z.discriminatedUnion('type', [
  PingSchema,
  AuthenticateSchema,
  CommandSchema,
  SubscribeSchema,
  UnsubscribeSchema,
  AnnounceSchema,
  FollowSchema,
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/**
 * Parses one raw client frame. Returns a typed message or a reason naming the field that is wrong;
 * never throws, because a browser must not be able to crash a gateway with a bad frame.
 */
export function parseClientMessage(
  raw: string,
): { ok: true; message: ClientMessage } | { ok: false; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, reason: 'frame is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: 'frame must be a JSON object' };
  }
  const parsed = ClientMessageSchema.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  const reasons = parsed.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || 'type';
    const detail =
      field === 'type'
        ? `unknown message type ${echoPrefix((value as { type?: unknown }).type)}`
        : issue.message;
    return `field "${field}": ${detail}`;
  });
  return { ok: false, reason: reasons.join('; ') };
}

/** How much of a client's own value an answer may quote back (enough to spot a typo). */
export const ECHO_PREFIX_CHARS = 32;

/**
 * A client's value as an answer or a log line may quote it: JSON, cut to a short prefix. Echoing
 * it whole let one frame make the server build, send and log a copy as large as the frame.
 */
export function echoPrefix(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length <= ECHO_PREFIX_CHARS
    ? text
    : `${text.slice(0, ECHO_PREFIX_CHARS)}… (${String(text.length)} chars)`;
}
