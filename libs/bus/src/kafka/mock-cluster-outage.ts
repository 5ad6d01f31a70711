import { spawnSync } from 'node:child_process';
import type { KafkaMockCluster } from './kafka-mock-cluster';

/** A broker outage under way on the mock cluster. */
export interface MockClusterOutage {
  /** How many of the client process's broker connections were aborted. */
  readonly cut: number;
  /** Resolves once the brokers answer again (after `outageMs`, or `end()`). */
  readonly over: Promise<void>;
  /** Ends the outage now (idempotent): for a test's clean-up. */
  end(): void;
}

export interface MockClusterOutageOptions {
  /** Whose broker connections are reset; this process by default. */
  readonly clientPid?: number;
  /** How `ss` is run (a test runs it without CAP_NET_ADMIN); `['ss']` by default. */
  readonly ssCommand?: readonly string[];
  /**
   * Whether the connections are reset (the default: a broker gone, as a crash or a restart looks);
   * false leaves them open and unanswered (a hung broker), which needs no root.
   */
  readonly resetConnections?: boolean;
}

const NEEDS =
  'the drill needs root (CAP_NET_ADMIN, for the SOCK_DESTROY that `ss -K` sends), iproute2 `ss` ' +
  'and a kernel built with CONFIG_INET_DIAG_DESTROY';

/**
 * A real outage of the mock cluster's brokers, as librdkafka meets one: its established broker
 * connections are reset, and until the outage is over nothing it sends gets an answer (or, with
 * `resetConnections: false`, a hung broker: the connections stay open and unanswered). The mock
 * (kcat) is stopped (SIGSTOP, so its topics and offsets, which live in its memory, survive), and
 * every TCP connection that `clientPid` (this process by default) holds to a broker is aborted
 * with `ss -K`, which resets it both ways. Reconnects meanwhile reach the stopped broker's listen
 * queue and wait unanswered; the mock's own consumer (kcat) keeps its connection. Throws, with the
 * mock running again, when it cannot abort the connections: the drill never passes without its fault.
 */
export function startMockClusterOutage(
  cluster: KafkaMockCluster,
  outageMs: number,
  options: MockClusterOutageOptions = {},
): MockClusterOutage {
  const { clientPid = process.pid, ssCommand = ['ss'], resetConnections = true } = options;
  const ss = runSs(ssCommand);
  const mockPid = cluster.pid;
  if (mockPid === undefined) throw new Error('broker outage: the mock cluster has no pid');
  const ports = cluster.brokers.map((broker) => broker.slice(broker.lastIndexOf(':') + 1));
  const toBrokers = `( ${ports.map((port) => `dport = :${port}`).join(' or ')} )`;
  process.kill(mockPid, 'SIGSTOP');
  let ended = false;
  let finish: () => void = () => undefined;
  const over = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const end = (): void => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    process.kill(mockPid, 'SIGCONT');
    finish();
  };
  const timer = setTimeout(end, outageMs);
  if (!resetConnections) return { cut: 0, over, end };
  try {
    const before = connectionsOf(ss, clientPid, toBrokers);
    if (before.length === 0) {
      throw new Error(
        `broker outage: process ${String(clientPid)} holds no connection to ${cluster.brokers.join(',')}`,
      );
    }
    const theirs = `( ${before.map((port) => `sport = :${port}`).join(' or ')} )`;
    const killed = ss(['-K', '-t', '-n', '-H', 'state', 'established', `( ${toBrokers} and ${theirs} )`]);
    const left = connectionsOf(ss, clientPid, toBrokers).filter((port) => before.includes(port));
    if (left.length > 0) {
      const said = killed.stderr.trim() === '' ? '' : ` (it said: ${killed.stderr.trim()})`;
      throw new Error(
        `broker outage: \`ss -K\` aborted ${String(before.length - left.length)} of ${String(before.length)} ` +
          `broker connections${said}; ${NEEDS}`,
      );
    }
    return { cut: before.length, over, end };
  } catch (error) {
    end();
    throw error;
  }
}

type Ss = (args: string[]) => { readonly stdout: string; readonly stderr: string };

/** The local ports of `pid`'s established TCP connections matching the `ss` filter. */
function connectionsOf(ss: Ss, pid: number, filter: string): string[] {
  const owner = `pid=${String(pid)},`;
  return ss(['-t', '-n', '-p', '-H', 'state', 'established', filter])
    .stdout.split('\n')
    .filter((line) => line.includes(owner))
    .map((line) => {
      // Recv-Q Send-Q Local:Port Peer:Port Process (the state column is left out with `state`).
      const local = line.trim().split(/\s+/)[2] ?? '';
      return local.slice(local.lastIndexOf(':') + 1);
    });
}

/** Runs `ss`; a missing binary or a failed run throws, saying what the drill needs. */
function runSs(command: readonly string[]): Ss {
  const [file = 'ss', ...prefix] = command;
  return (args) => {
    const run = spawnSync(file, [...prefix, ...args], { encoding: 'utf8' });
    if (run.error !== undefined || run.status !== 0) {
      const detail = run.error?.message ?? (run.stderr.trim() || `exit ${String(run.status)}`);
      throw new Error(`broker outage: \`${[...command, ...args].join(' ')}\` failed (${detail}); ${NEEDS}`);
    }
    return { stdout: run.stdout, stderr: run.stderr };
  };
}
