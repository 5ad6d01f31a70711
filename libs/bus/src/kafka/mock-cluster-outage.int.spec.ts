import net from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startKafkaMockCluster, type KafkaMockCluster } from './kafka-mock-cluster';
import { startMockClusterOutage } from './mock-cluster-outage';

// `ss` run as root without CAP_NET_ADMIN: what an unprivileged run of the drill gets.
const SS_WITHOUT_NET_ADMIN = ['setpriv', '--inh-caps=-net_admin', '--bounding-set=-net_admin', 'ss'];

/** A plain TCP connection to the mock's broker, as a Kafka client's. */
async function brokerConnection(cluster: KafkaMockCluster): Promise<net.Socket> {
  const [host = '', port = ''] = (cluster.brokers[0] ?? '').split(':');
  const socket = net.connect({ host, port: Number(port) });
  await once(socket, 'connect');
  return socket;
}

/** Sends an ApiVersions request (v0) and resolves with the time its answer arrives. */
function apiVersions(socket: net.Socket): Promise<number> {
  const clientId = Buffer.from('outage-spec');
  const body = Buffer.alloc(10 + clientId.length);
  body.writeInt16BE(18, 0); // ApiVersions
  body.writeInt16BE(0, 2); // v0
  body.writeInt32BE(1, 4); // correlation id
  body.writeInt16BE(clientId.length, 8);
  clientId.copy(body, 10);
  const size = Buffer.alloc(4);
  size.writeInt32BE(body.length);
  const answered = once(socket, 'data').then(() => Date.now());
  socket.write(Buffer.concat([size, body]));
  return answered;
}

describe('a broker outage of the mock cluster, the fault of the Kafka drills (TC-SCALE-2)', () => {
  it(
    "TC-SCALE-2: resets this process's broker connections; a new one is answered only once it is over",
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const cluster = await startKafkaMockCluster();
      onTestFinished(() => cluster.stop());
      const open = await brokerConnection(cluster);
      await apiVersions(open);
      // Aborted as by SOCK_DESTROY (a peer's reset would read ECONNRESET).
      const reset = once(open, 'error');

      const outage = startMockClusterOutage(cluster, 1_500);
      onTestFinished(() => {
        outage.end();
      });
      expect(outage.cut).toBeGreaterThanOrEqual(1);
      const [error] = (await reset) as [NodeJS.ErrnoException];
      expect(error.code).toBe('ECONNABORTED');
      // A reconnect lands in the stopped broker's listen queue and waits.
      const again = await brokerConnection(cluster);
      onTestFinished(() => {
        again.destroy();
      });
      const answered = apiVersions(again);
      await outage.over;
      const overAt = Date.now();
      expect(await answered).toBeGreaterThanOrEqual(overAt);
    },
  );

  it(
    'TC-SCALE-2: without CAP_NET_ADMIN it throws saying what the drill needs, and the broker answers again',
    { timeout: 30_000 },
    async ({ onTestFinished }) => {
      const cluster = await startKafkaMockCluster();
      onTestFinished(() => cluster.stop());
      const open = await brokerConnection(cluster);
      onTestFinished(() => {
        open.destroy();
      });
      expect(() => startMockClusterOutage(cluster, 60_000, { ssCommand: SS_WITHOUT_NET_ADMIN })).toThrow(
        /aborted 0 of 1 broker connections \(it said: SOCK_DESTROY answers: Operation not permitted\); the drill needs root \(CAP_NET_ADMIN/,
      );
      // The mock was continued: the connection it could not reset is answered at once.
      await apiVersions(open);
    },
  );
});
