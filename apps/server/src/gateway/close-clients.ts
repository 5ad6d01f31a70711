import type { WebSocket } from 'ws';

/** 1001 "going away": the endpoint is shutting down (RFC 6455 §7.4.1); a page reconnects. */
export const GOING_AWAY = 1001;

/**
 * How long a client has to answer the server's close frame before its socket is cut. A client
 * that does not read (a stalled page, a frozen OBS source) never answers: it must not hold the
 * shutdown, whose whole budget is a few seconds.
 */
export const CLOSE_HANDSHAKE_GRACE_MS = 1_000;

/**
 * Says goodbye to every client with 1001 and waits for their close handshakes, up to `graceMs`;
 * the sockets still open then are destroyed. Resolves once every socket is closed.
 */
export async function closeClients(
  clients: Iterable<WebSocket>,
  graceMs: number = CLOSE_HANDSHAKE_GRACE_MS,
): Promise<void> {
  const open = [...clients].filter((client) => client.readyState !== client.CLOSED);
  if (open.length === 0) return;
  const closed = open.map(
    (client) =>
      new Promise<void>((resolve) => {
        client.once('close', () => {
          resolve();
        });
      }),
  );
  for (const client of open) {
    if (client.readyState === client.OPEN) client.close(GOING_AWAY, 'server shutting down');
  }
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([Promise.all(closed), grace]);
  clearTimeout(timer);
  for (const client of open) {
    if (client.readyState !== client.CLOSED) client.terminate();
  }
  await Promise.all(closed);
}
