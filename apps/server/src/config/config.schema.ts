import { z } from 'zod';
import { parseTokenSpec } from './token-spec';
import { parseObsInstances, type ObsInstanceConfig } from './obs-instances';

/** TC-SCALE-1: how long a role's lease lasts unrenewed: a whole number of ms, 10 s unless set. */
const leaseTtlMs = (description: string) =>
  z.coerce
    .number({ error: 'must be a whole number of ms from 500 to 600000' })
    .int('must be a whole number of ms from 500 to 600000')
    .min(500, 'must be a whole number of ms from 500 to 600000')
    .max(600_000, 'must be a whole number of ms from 500 to 600000')
    .default(10_000)
    .describe(description);

/**
 * Every setting the server reads, with its default and meaning. This is the single source for
 * validation, for the typed config object and for the configuration table in the README
 * (a test keeps the README in step).
 */
const configFields = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000)
    .describe('TCP port of the HTTP and websocket server (0 picks a free port).'),
  HOST: z
    .string()
    .min(1, 'must not be empty')
    .regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or IP address')
    .default('127.0.0.1')
    .describe('Interface to listen on; 0.0.0.0 to serve other machines (OBS on another PC).'),
  TABLECAST_DATA_DIR: z
    .string()
    .min(1, 'must not be empty')
    .default('./data')
    .describe('Directory for the embedded event store and checkpoints; created if missing.'),
  TABLECAST_LOG_DIR: z
    .string()
    .min(1, 'must not be empty')
    .optional()
    .describe(
      "Directory of the embedded SQLite event log when several processes share it (each with its own TABLECAST_DATA_DIR); the generated staff tokens, seat tokens and board sets, the feeds role's disclosure ledger, frame archive and feed lease, and the control lease, the result reactor's checkpoint, the director's rules and the rundown are kept there too. Unset: TABLECAST_DATA_DIR.",
    ),
  TABLECAST_OVERLAYS_DIR: z
    .string()
    .min(1, 'must not be empty')
    .optional()
    .describe(
      'Directory of the built overlays served under /overlays/ (default: overlays/dist of the checkout).',
    ),
  EVENTSTORE_URL: z
    .string()
    .regex(
      /^(kurrentdb|esdb|kdb)(\+discover)?:\/\/\S+$/,
      'must be a KurrentDB connection string (kurrentdb://host:2113?tls=false)',
    )
    .optional()
    .describe(
      'KurrentDB (EventStoreDB) connection string; unset: the embedded SQLite log in TABLECAST_DATA_DIR.',
    ),
  TABLECAST_SQLITE_SYNC: z
    .enum(['normal', 'full'], { error: 'must be normal or full' })
    .default('normal')
    .describe(
      'SQLite durability: normal survives a process crash (WAL); full also a power cut, about ten times slower.',
    ),
  TABLECAST_TOKENS: z
    .string()
    .optional()
    .transform((spec, ctx) => {
      if (spec === undefined) return undefined;
      const parsed = parseTokenSpec(spec);
      if (parsed.ok) return parsed.entries;
      ctx.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .describe(
      'API tokens: comma-separated role=token (referee, arbiter, producer) and operator:<table>=token; unset: random tokens are generated at the first boot, kept in staff-tokens.json of TABLECAST_LOG_DIR if set, else TABLECAST_DATA_DIR (mode 600), and logged.',
    ),
  BROADCAST_DELAY_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds, at least 1000' })
    .int('must be a whole number of milliseconds, at least 1000')
    .min(1000, 'must be a whole number of milliseconds, at least 1000')
    .default(120000)
    .describe(
      'Security delay of the broadcast and commentary feeds behind the table, in ms (hidden hands go out no earlier).',
    ),
  TABLECAST_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai or Europe/Paris')
    .default('Asia/Shanghai')
    .describe(
      "The venue's time zone (IANA): the arbitration replay shows each event's time in it beside UTC.",
    ),
  FEED_CLIENT_BUFFER: z.coerce
    .number({ error: 'must be a whole number of bytes, at least 65536' })
    .int('must be a whole number of bytes, at least 65536')
    .min(65536, 'must be a whole number of bytes, at least 65536')
    .default(8388608)
    .describe(
      'Bytes a feed client may leave unread (its queued backlog and live frames and its socket buffer); a client over it that reads nothing for a second is dropped with the reason (it resumes by lastSeq).',
    ),
  FEED_TOTAL_BUFFER: z.coerce
    .number({ error: 'must be a whole number of bytes, at least 1048576' })
    .int('must be a whole number of bytes, at least 1048576')
    .min(1048576, 'must be a whole number of bytes, at least 1048576')
    .default(268435456)
    .describe(
      'Bytes all feed clients together may leave unsent (queued backlogs and socket buffers); a client that would pass it is dropped (it resumes by lastSeq).',
    ),
  FEED_WINDOW_BYTES: z.coerce
    .number({ error: 'must be a whole number of bytes, at least 1048576' })
    .int('must be a whole number of bytes, at least 1048576')
    .min(1048576, 'must be a whole number of bytes, at least 1048576')
    .default(134217728)
    .describe(
      'Bytes of feed frames the websocket hub keeps for resumes, across every match and audience; past it the windows of the matches fed least recently are cut to their latest frame (a client resuming there gets that snapshot).',
    ),
  FEED_MAX_SUBSCRIPTIONS: z.coerce
    .number({ error: 'must be a whole number from 1 to 10000' })
    .int('must be a whole number from 1 to 10000')
    .min(1, 'must be a whole number from 1 to 10000')
    .max(10000, 'must be a whole number from 1 to 10000')
    .default(64)
    .describe('Feeds (match and audience) one websocket connection may subscribe to at once.'),
  WS_MAX_PAYLOAD: z.coerce
    .number({ error: 'must be a whole number of bytes from 4096 to 1048576' })
    .int('must be a whole number of bytes from 4096 to 1048576')
    .min(4096, 'must be a whole number of bytes from 4096 to 1048576')
    .max(1048576, 'must be a whole number of bytes from 4096 to 1048576')
    .default(16384)
    .describe(
      'Largest websocket message a client may send, in bytes; a larger one closes the connection with 1009 (the largest command is under 4 KB).',
    ),
  WS_MAX_CONNECTIONS: z.coerce
    .number({ error: 'must be a whole number, at least 1' })
    .int('must be a whole number, at least 1')
    .min(1, 'must be a whole number, at least 1')
    .default(20000)
    .describe('Open websocket connections the process accepts; past it a new one is closed with 1013.'),
  WS_MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number, at least 1' })
    .int('must be a whole number, at least 1')
    .min(1, 'must be a whole number, at least 1')
    .default(1000)
    .describe(
      'Open websocket connections from one IP address; past it a new one is closed with 1013 (behind a proxy every client shares its address).',
    ),
  PLAY_MAX_CONNECTIONS: z.coerce
    .number({ error: 'must be a whole number, at least 1' })
    .int('must be a whole number, at least 1')
    .min(1, 'must be a whole number, at least 1')
    .default(2000)
    .describe(
      'Open player-terminal websockets (/ws/play) the process accepts; past it a new one is closed with 1013.',
    ),
  PLAY_MAX_CONNECTIONS_PER_SEAT: z.coerce
    .number({ error: 'must be a whole number, at least 1' })
    .int('must be a whole number, at least 1')
    .min(1, 'must be a whole number, at least 1')
    .default(4)
    .describe('Player-terminal websockets joined to one seat at once; past it a join is closed with 1013.'),
  TOURNAMENT_WS_MAX_CONNECTIONS: z.coerce
    .number({ error: 'must be a whole number, at least 1' })
    .int('must be a whole number, at least 1')
    .min(1, 'must be a whole number, at least 1')
    .default(5000)
    .describe(
      'Open tournament-feed websockets (/ws/tournament: standings, pairings, ticker pages) the process accepts; past it a new one is closed with 1013.',
    ),
  TOURNAMENT_WS_MAX_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number, at least 1' })
    .int('must be a whole number, at least 1')
    .min(1, 'must be a whole number, at least 1')
    .default(500)
    .describe(
      'Open tournament-feed websockets (/ws/tournament) from one IP address; past it a new one is closed with 1013 (behind a proxy every client shares its address).',
    ),
  TOURNAMENT_WS_HEARTBEAT_MS: z.coerce
    .number({ error: 'must be a whole number of ms from 100 to 600000' })
    .int('must be a whole number of ms from 100 to 600000')
    .min(100, 'must be a whole number of ms from 100 to 600000')
    .max(600000, 'must be a whole number of ms from 100 to 600000')
    .default(30000)
    .describe(
      'Tournament-feed heartbeat, in ms: each /ws/tournament socket is pinged this often and cut if it did not answer the last ping; one that watches no tournament within it is closed with 1008.',
    ),
  KAFKA_BROKERS: z
    .string()
    .optional()
    .transform((spec, ctx) => {
      if (spec === undefined) return undefined;
      const brokers = spec.split(',').map((broker) => broker.trim());
      const bad = brokers.find((broker) => !/^[A-Za-z0-9.-]+:\d{1,5}$/.test(broker));
      if (bad === undefined) return brokers;
      ctx.addIssue({ code: 'custom', message: `must be comma-separated host:port, got "${bad}"` });
      return z.NEVER;
    })
    .describe(
      'Kafka bootstrap brokers (host:port,...) for the feed fan-out bus; unset: in-process fan-out inside this server.',
    ),
  KAFKA_CLIENT: z
    .enum(['kafkajs', 'confluent'], { error: 'must be kafkajs or confluent' })
    .default('kafkajs')
    .describe(
      'Feed bus Kafka client: confluent (@confluentinc/kafka-javascript, librdkafka; use in production) or kafkajs (unmaintained).',
    ),
  KAFKA_MAX_WAIT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1 to 5000' })
    .int('must be a whole number of milliseconds from 1 to 5000')
    .min(1, 'must be a whole number of milliseconds from 1 to 5000')
    .max(5000, 'must be a whole number of milliseconds from 1 to 5000')
    .default(500)
    .describe(
      "Longest wait of a Kafka fetch for new frames, in ms: a broker answers when one arrives, librdkafka's mock cluster (tests, bench) only after it.",
    ),
  KAFKA_SESSION_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1000 to 1800000' })
    .int('must be a whole number of milliseconds from 1000 to 1800000')
    .min(1000, 'must be a whole number of milliseconds from 1000 to 1800000')
    .max(1800000, 'must be a whole number of milliseconds from 1000 to 1800000')
    .default(30000)
    .describe(
      'Kafka consumer session timeout, in ms: a consumer silent this long is dropped from its group; brokers refuse one outside group.min/max.session.timeout.ms (6000 to 1800000 by default).',
    ),
  KAFKA_HEARTBEAT_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 10 to 600000' })
    .int('must be a whole number of milliseconds from 10 to 600000')
    .min(10, 'must be a whole number of milliseconds from 10 to 600000')
    .max(600000, 'must be a whole number of milliseconds from 10 to 600000')
    .default(3000)
    .describe(
      'How often a Kafka consumer tells its group it is alive, in ms; below KAFKA_SESSION_TIMEOUT_MS (a third of it or less, so two missed beats are survived).',
    ),
  KAFKA_JOIN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds from 1000 to 600000' })
    .int('must be a whole number of milliseconds from 1000 to 600000')
    .min(1000, 'must be a whole number of milliseconds from 1000 to 600000')
    .max(600000, 'must be a whole number of milliseconds from 1000 to 600000')
    .default(60000)
    .describe(
      "How long the boot waits for each feed subscription's consumer group to join, in ms, before it fails; a new group's first join takes the broker's group.initial.rebalance.delay.ms (3000 by default).",
    ),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,200}$/, "must be 1 to 200 letters, digits, '.', '_' or '-'")
    .optional()
    .describe(
      'Feed bus topics are <prefix>.<audience> (staff, venue, broadcast, commentary), unset: tablecast.feeds; they must exist before boot (no auto-create).',
    ),
  KAFKA_GROUP_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,200}$/, "must be 1 to 200 letters, digits, '.', '_' or '-'")
    .optional()
    .describe(
      "Consumer-group id prefix of a gateway's feed subscription, unset: tablecast-gateway; each gateway joins <prefix>.<random>, a group of its own (it needs every frame).",
    ),
  KAFKA_IDEMPOTENT: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((value) => value === 'true')
    .describe(
      "Idempotent feed producer (acks=all, retries written once); false only for kafkajs on librdkafka's mock cluster, which names no controller.",
    ),
  KAFKA_MAX_QUEUED: z.coerce
    .number({ error: 'must be a whole number, at least 1' })
    .int('must be a whole number, at least 1')
    .min(1, 'must be a whole number, at least 1')
    .default(10000)
    .describe(
      'Frames waiting for Kafka before a publish is refused (bounded while the brokers are slow or down).',
    ),
  EVENTS_OUTBOX: z
    .enum(['off', 'kafka'], { error: 'must be off or kafka' })
    .default('off')
    .describe(
      'kafka: publish every event of the log to <KAFKA_TOPIC_PREFIX>.events (key = stream, in order per stream; needs KAFKA_BROKERS, the topic must exist), resuming from a checkpoint kept with the log; off: none.',
    ),
  TABLECAST_ROLE: z
    .enum(['all', 'api', 'feeds', 'control', 'gateway', 'projector'], {
      error: 'must be all, api, feeds, control, gateway or projector',
    })
    .default('all')
    .describe(
      'all: the whole server; api: commands, read models and the seat terminals, several side by side on one shared SQLite log (TABLECAST_LOG_DIR), with no feed producer, OBS, director, turn clock or other singleton; feeds: only the feed producer, disclosure ledger and release clock, publishing to Kafka while it holds the feed lease (SQLite log in TABLECAST_LOG_DIR, needs KAFKA_BROKERS); control: the singletons (OBS bridge, auto-director, recording chapters, turn clock, result reactor, board reveals, seat bots), run while it holds the control lease (SQLite log in TABLECAST_LOG_DIR, or KurrentDB with EVENTSTORE_URL); gateway: only the spectator websocket feeds (from the Kafka bus, needs KAFKA_BROKERS), health and metrics; projector: only the shared read models, projected into TABLECAST_LOG_DIR/projections.sqlite while it holds the projections lease (SQLite log in TABLECAST_LOG_DIR; a second one stands by), health and metrics, for api processes with API_PROJECTIONS=projector.',
    ),
  FEEDS_LEASE_TTL_MS: leaseTtlMs(
    'How long the feeds role holds its fenced feed lease without renewing it (renewed every third of it): a dead holder is replaced after at most this long.',
  ),
  FEEDS_PARTITIONS: z.coerce
    .number({ error: 'must be a whole number from 1 to 1024' })
    .int('must be a whole number from 1 to 1024')
    .min(1, 'must be a whole number from 1 to 1024')
    .max(1024, 'must be a whole number from 1 to 1024')
    .default(1)
    .describe(
      'Partitions of the matches among the feeds processes, one fenced lease each (feed-lease/<k>; with 1 the single feeds lease): a match is in partition FNV-1a-32(UTF-8 match id) mod this, and each feeds process holds at most ceil(partitions / live feeds processes). Every feeds process on one log must use the same value; change it only with all of them stopped.',
    ),
  API_PROJECTIONS: z
    .enum(['local', 'shared', 'projector'], { error: 'must be local, shared or projector' })
    .default('local')
    .describe(
      'local: every process projects the whole log into its own TABLECAST_DATA_DIR/projections.sqlite; shared (TABLECAST_ROLE=api or control): one api process at a time, the holder of the fenced projections lease, projects into TABLECAST_LOG_DIR/projections.sqlite and the other api processes and the control processes read that file (a control process never projects), a read with minRevision waiting until its checkpoint has the revision; projector (TABLECAST_ROLE=api or control): the process only reads that file, never contending for the lease, and a TABLECAST_ROLE=projector process projects it. A projector process projects the file whatever this says.',
    ),
  PROJECTIONS_LEASE_TTL_MS: leaseTtlMs(
    "How long the projector (a TABLECAST_ROLE=projector process, or an api process with API_PROJECTIONS=shared) holds its projections lease without renewing it (renewed every third of it): a dead projector's work is taken over after at most this long, and a control process reading the shared read models is not ready while they lag the log by more than this.",
  ),
  CONTROL_LEASE_TTL_MS: leaseTtlMs(
    "How long the control role holds its control lease without renewing it (renewed every third of it): a dead holder's singletons are taken over after at most this long.",
  ),
  FEEDS_THREAD: z
    .enum(['main', 'worker'], { error: 'must be main or worker' })
    .default('main')
    .describe(
      "Where the all role's feed producer runs: main, on the event loop with everything else; worker (**experimental, not for a show yet**), in a worker thread of the same process on its own connections to the log and the disclosure ledger, its frames relayed to the gateways, director and program over a MessagePort (a dead thread is restarted, /readyz feeds is 503 meanwhile). With worker the main thread's reads of the feeds (the watch listing and deals, the tables' broadcast state, the disclosures, the replay's ledger) ask the thread (503 with Retry-After while it restarts or past 10 s without an answer), the delay clocks read the delays it tells, and a read right after a command can see the feed one thread hop behind. TABLECAST_ROLE=all only.",
    ),
  OBS_INSTANCES: z
    .string()
    .optional()
    .transform((spec, ctx) => {
      if (spec === undefined) return undefined;
      const parsed = parseObsInstances(spec);
      if (typeof parsed !== 'string') return parsed;
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    })
    .describe(
      'OBS instances the bridge drives: comma-separated name=ws://host:port (main, backup); each password from OBS_PASSWORD_<NAME>; unset: no OBS.',
    ),
  FAULT_INJECTION: z
    .enum(['off', 'signal'], { error: 'must be off or signal' })
    .default('off')
    .describe(
      'Fault drills, never in production: signal makes each SIGUSR2 drop every log subscription the process has open, as a store failover would (they resubscribe and /readyz reports it meanwhile), and, on a gateway with KAFKA_CLIENT=kafkajs, make its Kafka brokers unreachable for 3 s, as a broker outage would (its consumer crashes and rejoins; the /readyz feed-bus check is 503 meanwhile).',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info')
    .describe('Minimum level of the JSON log lines written to stdout.'),
});

type Config = z.output<typeof configFields>;
type Role = Config['TABLECAST_ROLE'];

/**
 * What a role refuses to start without, or with, each refusal worded for that role: `logDir`
 * when TABLECAST_LOG_DIR is unset, `brokers` when KAFKA_BROKERS is, `sqliteOnly` when
 * EVENTSTORE_URL is set. The full server (`all`) runs alone on either log, with or without Kafka.
 */
interface RoleNeeds {
  readonly logDir?: string;
  readonly brokers?: string;
  readonly sqliteOnly?: string;
}

const ROLE_NEEDS: Readonly<Record<Exclude<Role, 'all'>, RoleNeeds>> = {
  // TC-SCALE-2: api processes scale out only over one log they all append to; without a shared
  // dir each would keep its own log, tokens and board sets, and a second one would split the match.
  // Its shared tokens and board sets live beside the SQLite log; KurrentDB has no such dir yet.
  api: {
    logDir:
      'api needs TABLECAST_LOG_DIR (the SQLite log, staff and seat tokens and board sets every api process shares)',
    sqliteOnly:
      'api runs on the embedded SQLite log only (its shared tokens and board sets live in TABLECAST_LOG_DIR beside it); with EVENTSTORE_URL run one TABLECAST_ROLE=all process',
  },
  // Its frames reach spectators only through the gateways; an in-process bus has no one to serve.
  // TC-SCALE-1: the lease that fences a second feeds process guards the ledger's SQLite writes in
  // their own transaction, so it lives in that file; a KurrentDB lease could not fence them.
  feeds: {
    brokers: 'feeds needs KAFKA_BROKERS (the feeds process publishes its frames to the gateways over Kafka)',
    sqliteOnly:
      'feeds runs on the embedded SQLite log only (its feed lease fences the disclosure ledger in the ledger SQLite file, in one transaction); with EVENTSTORE_URL run one TABLECAST_ROLE=all process',
  },
  // TC-SCALE-1: the control role's singletons run under a lease kept beside the log (the shared
  // SQLite file, or a KurrentDB stream); what the singletons keep between holders (the result
  // reactor's checkpoint, the rundown, the director's rules) is in TABLECAST_LOG_DIR on either log,
  // so every control process must name the same dir.
  control: {
    logDir:
      "must be set for TABLECAST_ROLE control (the shared dir of the singletons' checkpoints and, on SQLite, the log and the control lease)",
  },
  // A gateway process has no match of its own: every frame it serves comes over the Kafka bus from
  // the full server, so without brokers it could only ever serve empty feeds.
  gateway: {
    brokers: 'gateway needs KAFKA_BROKERS (a gateway serves the frames the full server publishes on Kafka)',
  },
  // TC-SCALE-1: the projector writes the read models every api process reads, under the
  // projections lease, both in TABLECAST_LOG_DIR beside the SQLite log they all append to.
  projector: {
    logDir:
      'projector needs TABLECAST_LOG_DIR (the SQLite log it projects, the projections lease and the shared projections.sqlite the api processes read)',
    sqliteOnly:
      'projector runs on the embedded SQLite log only (the api processes it projects for run on it only); with EVENTSTORE_URL run one TABLECAST_ROLE=all process',
  },
};

function refuseWhatTheRoleCannotRunOn(config: Config, ctx: z.core.$RefinementCtx<Config>): void {
  if (config.FEEDS_THREAD === 'worker' && config.TABLECAST_ROLE !== 'all') {
    ctx.addIssue({
      code: 'custom',
      path: ['FEEDS_THREAD'],
      message: `worker moves the all role's feed producer to a thread; TABLECAST_ROLE=${config.TABLECAST_ROLE} runs none of its own there (run the feeds role as its own process)`,
    });
  }
  if (config.TABLECAST_ROLE === 'all') return;
  const needs = ROLE_NEEDS[config.TABLECAST_ROLE];
  if (needs.logDir !== undefined && config.TABLECAST_LOG_DIR === undefined) {
    ctx.addIssue({ code: 'custom', path: ['TABLECAST_LOG_DIR'], message: needs.logDir });
  }
  if (needs.brokers !== undefined && config.KAFKA_BROKERS === undefined) {
    ctx.addIssue({ code: 'custom', path: ['TABLECAST_ROLE'], message: needs.brokers });
  }
  if (needs.sqliteOnly !== undefined && config.EVENTSTORE_URL !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['TABLECAST_ROLE'], message: needs.sqliteOnly });
  }
}

/**
 * TC-SCALE-1: the shared read models are written by one process at a time, the projections
 * lease's holder, into TABLECAST_LOG_DIR: an api process with `shared`, or a projector process
 * for api processes with `projector`; the control role may read them (it never projects). Any
 * other role has no projector beside it, and neither has a control process on KurrentDB: the api
 * and projector roles run on the SQLite log only. A projector process projects whatever this says.
 */
function refuseSharedProjectionsWithoutTheirProjector(
  config: Config,
  ctx: z.core.$RefinementCtx<Config>,
): void {
  const mode = config.API_PROJECTIONS;
  if (mode === 'local') return;
  const role = config.TABLECAST_ROLE;
  if (role === 'projector') return;
  const projector =
    mode === 'shared'
      ? 'the api processes share one projector over TABLECAST_LOG_DIR'
      : 'a TABLECAST_ROLE=projector process projects TABLECAST_LOG_DIR for the api processes';
  if (role !== 'api' && role !== 'control') {
    ctx.addIssue({
      code: 'custom',
      path: ['API_PROJECTIONS'],
      message: `${mode} is for TABLECAST_ROLE=api (${projector}) and control (it reads what they project)`,
    });
  } else if (role === 'control' && config.EVENTSTORE_URL !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['API_PROJECTIONS'],
      message: `${mode} needs the embedded SQLite log (the processes that project it run on it only); with EVENTSTORE_URL the control role projects for itself (local)`,
    });
  }
}

// The event outbox needs brokers, and the log only the full server opens. (Zod 4 keeps the
// refinement on the object itself, so `configSchema.shape` still lists every variable.)
export const configSchema = configFields.superRefine((config, ctx) => {
  refuseWhatTheRoleCannotRunOn(config, ctx);
  refuseSharedProjectionsWithoutTheirProjector(config, ctx);
  // A heartbeat at or past the session timeout lets the group expel a live consumer between beats.
  if (config.KAFKA_HEARTBEAT_INTERVAL_MS >= config.KAFKA_SESSION_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['KAFKA_HEARTBEAT_INTERVAL_MS'],
      message: `must be below KAFKA_SESSION_TIMEOUT_MS (${String(config.KAFKA_SESSION_TIMEOUT_MS)})`,
    });
  }
  if (config.EVENTS_OUTBOX === 'kafka' && config.KAFKA_BROKERS === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['EVENTS_OUTBOX'],
      message: 'kafka needs KAFKA_BROKERS (the outbox publishes the event log to a Kafka topic)',
    });
  }
  if (config.EVENTS_OUTBOX === 'kafka' && config.TABLECAST_ROLE !== 'all') {
    ctx.addIssue({
      code: 'custom',
      path: ['EVENTS_OUTBOX'],
      message: `kafka is for TABLECAST_ROLE all (the ${config.TABLECAST_ROLE} role publishes no event log)`,
    });
  }
});

/** OBS_INSTANCES carries each instance's password, joined from OBS_PASSWORD_<NAME> at load. */
export type AppConfig = Readonly<
  Omit<z.output<typeof configSchema>, 'OBS_INSTANCES'> & { OBS_INSTANCES: readonly ObsInstanceConfig[] }
>;

/** Whether the runtime's time zone database knows this IANA name. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name !== '';
  } catch {
    return false;
  }
}
