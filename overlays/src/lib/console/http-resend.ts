import { resendDelayMs } from './temporary-refusal';

/** The part of a fetch answer a temporary refusal is read from. */
export interface HttpAnswer {
  readonly status: number;
  readonly headers?: { get(name: string): string | null };
}

/** A fetch answer whose JSON body the console reads (a 503's wait read as in `HttpAnswer`). */
export interface JsonHttpAnswer extends HttpAnswer {
  readonly ok: boolean;
  json(): Promise<unknown>;
}

/**
 * The `Retry-After` of a temporary refusal (503: the event log busy or unreachable, nothing done),
 * in seconds as the server sends it; undefined for any other answer, or a header that is no
 * whole number of seconds (waiting would then be a guess).
 */
export function retryAfterSecondsOf(answer: HttpAnswer): number | undefined {
  if (answer.status !== 503) return undefined;
  const header = answer.headers?.get('retry-after')?.trim();
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Sends a request, and while the server refuses it for a while (503 with `Retry-After`) waits that
 * long and sends the very same request again (the same body, so the same idempotency key: the
 * server did nothing of it), as often as a websocket command is; the last answer is returned, so
 * a refusal is shown only once it outlasted those tries. A request that got no answer at all
 * (thrown) is not sent again here. `onWait` hears of each wait before it starts (in seconds), so a
 * page can say the server is busy and the request will go again by itself.
 */
export async function sendAgainWhileRefusedForAWhile<A extends HttpAnswer>(
  send: () => Promise<A>,
  onWait?: (retryAfterSeconds: number) => void,
): Promise<A> {
  for (let resends = 0; ; resends += 1) {
    const answer = await send();
    const wait = resendDelayMs(retryAfterSecondsOf(answer), resends);
    if (wait === undefined) return answer;
    onWait?.(wait / 1000);
    await pause(wait);
  }
}
