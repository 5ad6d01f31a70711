import WebSocket from 'ws';

/**
 * Resolves once the match's broadcast feed has released a view of `revision` or later, that is,
 * once its security delay has passed for that event: what a page opened from then on has already
 * been shown, however long a loaded machine took to release it.
 */
export async function broadcastReleased(
  serverUrl: string,
  matchId: string,
  revision: number,
  timeoutMs = 30_000,
): Promise<void> {
  const socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/ws`);
  let newest = -1;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(
          new Error(
            `the broadcast feed of ${matchId} did not reach revision ${String(revision)} within ${String(timeoutMs)} ms (newest: ${String(newest)})`,
          ),
        );
      }, timeoutMs);
      socket.on('open', () => {
        socket.send(JSON.stringify({ type: 'subscribe', matchId, audience: 'broadcast' }));
      });
      socket.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString('utf8')) as {
          type: string;
          view?: { revision: number } | null;
        };
        if (frame.type !== 'feed' || frame.view == null) return;
        newest = Math.max(newest, frame.view.revision);
        if (newest >= revision) {
          clearTimeout(timer);
          resolve();
        }
      });
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } finally {
    socket.close();
  }
}
