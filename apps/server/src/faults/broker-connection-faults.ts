import type { KafkaSocketFactory } from '@tablecast/bus';
import net from 'node:net';
import tls from 'node:tls';

/** The error a cut broker connection fails with: to kafkajs, what a broker going away is. */
export class InjectedBrokerOutage extends Error {
  override readonly name = 'InjectedBrokerOutage';
  constructor() {
    super('injected fault: the Kafka brokers are unreachable (FAULT_INJECTION)');
  }
}

export interface BrokerConnectionFaults {
  /** Opens the bus client's broker connections, each one the drill can cut. */
  readonly socketFactory: KafkaSocketFactory;
  /**
   * Cuts every broker connection open now and refuses new ones for `outageMs`, as a broker
   * outage does; returns how many it cut.
   */
  cutAll(outageMs: number): number;
}

// kafkajs' own factory sets this keep-alive on every socket it opens.
const KEEP_ALIVE_DELAY_MS = 60_000;

/**
 * Fault drills on a gateway's Kafka client (TC-SCALE-2). A single cut connection is no drill:
 * kafkajs reconnects on its next request and its consumer never notices. An outage is one: while
 * the brokers stay unreachable, every reconnect fails, kafkajs gives up its retries and crashes
 * the consumer (CRASH), then restarts it until a join succeeds (GROUP_JOIN) once the outage is
 * over: the recovery path a real broker outage takes, readiness reports included.
 */
export function brokerConnectionFaults(): BrokerConnectionFaults {
  const open = new Set<net.Socket>();
  let outageUntil = 0;
  const socketFactory: KafkaSocketFactory = ({ host, port, ssl, onConnect }) => {
    if (Date.now() < outageUntil) {
      // Never connected: it fails as a refused connection does, once kafkajs listens to it.
      const refused = new net.Socket();
      setImmediate(() => refused.destroy(new InjectedBrokerOutage()));
      return refused;
    }
    // kafkajs passes no TLS options without `ssl` in its config, whatever its types say.
    const secure = ssl as tls.ConnectionOptions | undefined;
    const socket = secure
      ? tls.connect({ host, port, ...(net.isIP(host) ? {} : { servername: host }), ...secure }, onConnect)
      : net.connect({ host, port }, onConnect);
    socket.setKeepAlive(true, KEEP_ALIVE_DELAY_MS);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    return socket;
  };
  return {
    socketFactory,
    cutAll: (outageMs) => {
      outageUntil = Date.now() + outageMs;
      const cutting = [...open];
      open.clear();
      for (const socket of cutting) socket.destroy(new InjectedBrokerOutage());
      return cutting.length;
    },
  };
}
