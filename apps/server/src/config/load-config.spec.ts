import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from './load-config';

/** API_PROJECTIONS' value for the api processes' one shared projector. */
const SHARED_PROJECTIONS = 'shared';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      TABLECAST_DATA_DIR: './data',
      TABLECAST_SQLITE_SYNC: 'normal',
      BROADCAST_DELAY_MS: 120000,
      TABLECAST_TIME_ZONE: 'Asia/Shanghai',
      FEED_CLIENT_BUFFER: 8388608,
      FEED_TOTAL_BUFFER: 268435456,
      FEED_WINDOW_BYTES: 134217728,
      FEED_MAX_SUBSCRIPTIONS: 64,
      WS_MAX_PAYLOAD: 16384,
      WS_MAX_CONNECTIONS: 20000,
      WS_MAX_CONNECTIONS_PER_ADDRESS: 1000,
      PLAY_MAX_CONNECTIONS: 2000,
      PLAY_MAX_CONNECTIONS_PER_SEAT: 4,
      TOURNAMENT_WS_MAX_CONNECTIONS: 5000,
      TOURNAMENT_WS_MAX_PER_ADDRESS: 500,
      TOURNAMENT_WS_HEARTBEAT_MS: 30000,
      KAFKA_CLIENT: 'kafkajs',
      KAFKA_MAX_WAIT_MS: 500,
      KAFKA_SESSION_TIMEOUT_MS: 30000,
      KAFKA_HEARTBEAT_INTERVAL_MS: 3000,
      KAFKA_JOIN_TIMEOUT_MS: 60000,
      KAFKA_IDEMPOTENT: true,
      KAFKA_MAX_QUEUED: 10000,
      EVENTS_OUTBOX: 'off',
      TABLECAST_ROLE: 'all',
      FEEDS_LEASE_TTL_MS: 10000,
      FEEDS_PARTITIONS: 1,
      API_PROJECTIONS: 'local',
      PROJECTIONS_LEASE_TTL_MS: 10000,
      CONTROL_LEASE_TTL_MS: 10000,
      FEEDS_THREAD: 'main',
      OBS_INSTANCES: [],
      FAULT_INJECTION: 'off',
      LOG_LEVEL: 'info',
    });
  });

  it('takes the venue time zone as an IANA name and names the variable for another', () => {
    expect(loadConfig({ TABLECAST_TIME_ZONE: 'Europe/Paris' }).TABLECAST_TIME_ZONE).toBe('Europe/Paris');
    expect(() => loadConfig({ TABLECAST_TIME_ZONE: 'Mars/Olympus' })).toThrow(/TABLECAST_TIME_ZONE.*IANA/);
  });

  it('reads KAFKA_BROKERS as a list of host:port and names a bad entry', () => {
    expect(loadConfig({ KAFKA_BROKERS: 'k1:9092, k2.local:19092' }).KAFKA_BROKERS).toEqual([
      'k1:9092',
      'k2.local:19092',
    ]);
    expect(() => loadConfig({ KAFKA_BROKERS: 'k1:9092,nope' })).toThrow(/KAFKA_BROKERS.*"nope"/);
  });

  it('refuses a broadcast delay under one second (zero is for staff only)', () => {
    expect(() => loadConfig({ BROADCAST_DELAY_MS: '0' })).toThrow(
      /BROADCAST_DELAY_MS must be a whole number/,
    );
    expect(() => loadConfig({ BROADCAST_DELAY_MS: '999' })).toThrow(ConfigError);
    expect(loadConfig({ BROADCAST_DELAY_MS: '1500' }).BROADCAST_DELAY_MS).toBe(1500);
  });

  it('bounds the websocket limits and names the variable of a bad one', () => {
    expect(() => loadConfig({ WS_MAX_PAYLOAD: '100' })).toThrow(
      /WS_MAX_PAYLOAD must be a whole number of bytes/,
    );
    expect(() => loadConfig({ WS_MAX_PAYLOAD: '104857600' })).toThrow(/WS_MAX_PAYLOAD/);
    expect(() => loadConfig({ FEED_TOTAL_BUFFER: '1000' })).toThrow(/FEED_TOTAL_BUFFER/);
    expect(() => loadConfig({ FEED_MAX_SUBSCRIPTIONS: '0' })).toThrow(/FEED_MAX_SUBSCRIPTIONS/);
    expect(() => loadConfig({ WS_MAX_CONNECTIONS: 'many' })).toThrow(/WS_MAX_CONNECTIONS must be/);
    expect(() => loadConfig({ WS_MAX_CONNECTIONS_PER_ADDRESS: '-1' })).toThrow(
      /WS_MAX_CONNECTIONS_PER_ADDRESS must be/,
    );
    expect(loadConfig({ WS_MAX_PAYLOAD: '8192' }).WS_MAX_PAYLOAD).toBe(8192);
    expect(() => loadConfig({ TOURNAMENT_WS_MAX_CONNECTIONS: '0' })).toThrow(
      /TOURNAMENT_WS_MAX_CONNECTIONS must be/,
    );
    expect(() => loadConfig({ TOURNAMENT_WS_HEARTBEAT_MS: '10' })).toThrow(
      /TOURNAMENT_WS_HEARTBEAT_MS must be/,
    );
  });

  it('returns a frozen object so nothing can change config after boot', () => {
    expect(Object.isFrozen(loadConfig({}))).toBe(true);
  });

  it('reads set values and treats an empty string as unset', () => {
    const config = loadConfig({ PORT: '8080', HOST: '0.0.0.0', TABLECAST_DATA_DIR: '', LOG_LEVEL: 'debug' });
    expect(config.PORT).toBe(8080);
    expect(config.HOST).toBe('0.0.0.0');
    expect(config.TABLECAST_DATA_DIR).toBe('./data');
    expect(config.LOG_LEVEL).toBe('debug');
  });

  it('rejects a port that is not a number, naming PORT and the bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(
      /PORT must be a whole number from 0 to 65535 \(got "eighty"\)/,
    );
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ PORT: '3000.5' })).toThrow(/PORT must be a whole number/);
  });

  it('takes the bus topic prefix, group id, idempotence and queue bound, naming the variable of a bad value', () => {
    const config = loadConfig({
      KAFKA_TOPIC_PREFIX: 'qualifier-7.feeds',
      KAFKA_GROUP_ID: 'qualifier-7.gateways',
      KAFKA_IDEMPOTENT: 'false',
      KAFKA_MAX_QUEUED: '500',
    });
    expect([
      config.KAFKA_TOPIC_PREFIX,
      config.KAFKA_GROUP_ID,
      config.KAFKA_IDEMPOTENT,
      config.KAFKA_MAX_QUEUED,
    ]).toEqual(['qualifier-7.feeds', 'qualifier-7.gateways', false, 500]);
    expect(() => loadConfig({ KAFKA_TOPIC_PREFIX: 'feeds/venue' })).toThrow(
      /KAFKA_TOPIC_PREFIX must be 1 to 200 letters/,
    );
    expect(() => loadConfig({ KAFKA_GROUP_ID: 'gw group' })).toThrow(
      /KAFKA_GROUP_ID must be 1 to 200 letters/,
    );
    expect(() => loadConfig({ KAFKA_IDEMPOTENT: 'yes' })).toThrow(/KAFKA_IDEMPOTENT must be true or false/);
    expect(() => loadConfig({ KAFKA_MAX_QUEUED: '0' })).toThrow(
      /KAFKA_MAX_QUEUED must be a whole number, at least 1/,
    );
  });

  it('takes the Kafka consumer timings, naming the variable of a bad value', () => {
    const config = loadConfig({
      KAFKA_SESSION_TIMEOUT_MS: '4000',
      KAFKA_HEARTBEAT_INTERVAL_MS: '500',
      KAFKA_JOIN_TIMEOUT_MS: '20000',
    });
    expect([
      config.KAFKA_SESSION_TIMEOUT_MS,
      config.KAFKA_HEARTBEAT_INTERVAL_MS,
      config.KAFKA_JOIN_TIMEOUT_MS,
    ]).toEqual([4000, 500, 20000]);
    for (const bad of ['999', '1800001', '4000.5', 'soon']) {
      expect(() => loadConfig({ KAFKA_SESSION_TIMEOUT_MS: bad })).toThrow(
        /KAFKA_SESSION_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 1800000/,
      );
    }
    for (const bad of ['9', '600001', '2.5']) {
      expect(() => loadConfig({ KAFKA_HEARTBEAT_INTERVAL_MS: bad })).toThrow(
        /KAFKA_HEARTBEAT_INTERVAL_MS must be a whole number of milliseconds from 10 to 600000/,
      );
    }
    for (const bad of ['999', '600001', 'never']) {
      expect(() => loadConfig({ KAFKA_JOIN_TIMEOUT_MS: bad })).toThrow(
        /KAFKA_JOIN_TIMEOUT_MS must be a whole number of milliseconds from 1000 to 600000/,
      );
    }
  });

  it('refuses a heartbeat not below the session timeout, naming KAFKA_HEARTBEAT_INTERVAL_MS', () => {
    expect(() =>
      loadConfig({ KAFKA_SESSION_TIMEOUT_MS: '4000', KAFKA_HEARTBEAT_INTERVAL_MS: '4000' }),
    ).toThrow(/KAFKA_HEARTBEAT_INTERVAL_MS must be below KAFKA_SESSION_TIMEOUT_MS \(4000\)/);
    // The default heartbeat (3 s) against a session set shorter than it.
    expect(() => loadConfig({ KAFKA_SESSION_TIMEOUT_MS: '2000' })).toThrow(
      /KAFKA_HEARTBEAT_INTERVAL_MS must be below KAFKA_SESSION_TIMEOUT_MS \(2000\)/,
    );
    expect(
      loadConfig({ KAFKA_SESSION_TIMEOUT_MS: '4000', KAFKA_HEARTBEAT_INTERVAL_MS: '3999' }),
    ).toMatchObject({ KAFKA_HEARTBEAT_INTERVAL_MS: 3999 });
  });

  it('picks the Kafka client with KAFKA_CLIENT and names it for any other value', () => {
    expect(loadConfig({ KAFKA_CLIENT: 'confluent' }).KAFKA_CLIENT).toBe('confluent');
    expect(() => loadConfig({ KAFKA_CLIENT: 'librdkafka' })).toThrow(
      /KAFKA_CLIENT must be kafkajs or confluent/,
    );
  });

  it('rejects an unknown fault injection mode, naming FAULT_INJECTION', () => {
    expect(() => loadConfig({ FAULT_INJECTION: 'always' })).toThrow(/FAULT_INJECTION must be off or signal/);
  });

  it('rejects an unknown log level, naming LOG_LEVEL', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/);
  });

  it('reports every bad variable at once', () => {
    try {
      loadConfig({ PORT: '-1', HOST: 'bad host!' });
      expect.unreachable('loadConfig accepted bad values');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.variable)).toEqual(['PORT', 'HOST']);
    }
  });

  it('parses TABLECAST_TOKENS and never echoes tokens in its error', () => {
    expect(loadConfig({ TABLECAST_TOKENS: 'referee=0123456789abcdef' }).TABLECAST_TOKENS).toEqual([
      { role: 'referee', table: null, token: '0123456789abcdef' },
    ]);
    try {
      loadConfig({ TABLECAST_TOKENS: 'referee=0123456789abcdef,viewer=secret-secret-secret' });
      expect.unreachable('loadConfig accepted an unknown role');
    } catch (error) {
      expect((error as Error).message).toBe(
        'invalid configuration: TABLECAST_TOKENS entry 2 has unknown role "viewer" (roles: operator, referee, arbiter, producer)',
      );
    }
  });

  it('accepts a KurrentDB connection string and names EVENTSTORE_URL when it is not one', () => {
    expect(loadConfig({ EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false' }).EVENTSTORE_URL).toBe(
      'kurrentdb://kurrentdb:2113?tls=false',
    );
    expect(() => loadConfig({ EVENTSTORE_URL: 'http://localhost:2113' })).toThrow(
      /EVENTSTORE_URL must be a KurrentDB connection string/,
    );
  });

  it('runs the whole server by default; a gateway-only role needs KAFKA_BROKERS, named in the error', () => {
    expect(loadConfig({}).TABLECAST_ROLE).toBe('all');
    expect(loadConfig({ TABLECAST_ROLE: 'gateway', KAFKA_BROKERS: 'k1:9092' }).TABLECAST_ROLE).toBe(
      'gateway',
    );
    expect(() => loadConfig({ TABLECAST_ROLE: 'gateway' })).toThrow(
      /TABLECAST_ROLE gateway needs KAFKA_BROKERS/,
    );
    expect(() => loadConfig({ TABLECAST_ROLE: 'edge', KAFKA_BROKERS: 'k1:9092' })).toThrow(
      /TABLECAST_ROLE must be all, api, feeds, control, gateway or projector \(got "edge"\)/,
    );
  });

  it('TC-SCALE-2: an api role needs TABLECAST_LOG_DIR and the SQLite log, each named in the error', () => {
    expect(loadConfig({ TABLECAST_ROLE: 'api', TABLECAST_LOG_DIR: '/srv/log' })).toMatchObject({
      TABLECAST_ROLE: 'api',
      TABLECAST_LOG_DIR: '/srv/log',
    });
    expect(() => loadConfig({ TABLECAST_ROLE: 'api' })).toThrow(
      /TABLECAST_LOG_DIR api needs TABLECAST_LOG_DIR/,
    );
    expect(() =>
      loadConfig({
        TABLECAST_ROLE: 'api',
        TABLECAST_LOG_DIR: '/srv/log',
        EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false',
      }),
    ).toThrow(/TABLECAST_ROLE api runs on the embedded SQLite log only/);
    expect(() =>
      loadConfig({
        TABLECAST_ROLE: 'api',
        TABLECAST_LOG_DIR: '/srv/log',
        EVENTS_OUTBOX: 'kafka',
        KAFKA_BROKERS: 'k1:9092',
      }),
    ).toThrow(/EVENTS_OUTBOX kafka is for TABLECAST_ROLE all \(the api role publishes no event log\)/);
  });

  it('TC-SCALE-1: a feeds role needs KAFKA_BROKERS and the SQLite log (its lease fences the SQLite ledger), each named in the error', () => {
    const feeds = loadConfig({
      TABLECAST_ROLE: 'feeds',
      KAFKA_BROKERS: 'k1:9092',
      TABLECAST_LOG_DIR: '/srv/log',
    });
    expect(feeds).toMatchObject({
      TABLECAST_ROLE: 'feeds',
      TABLECAST_LOG_DIR: '/srv/log',
      FEEDS_LEASE_TTL_MS: 10000,
    });
    expect(() => loadConfig({ TABLECAST_ROLE: 'feeds' })).toThrow(/TABLECAST_ROLE feeds needs KAFKA_BROKERS/);
    expect(() =>
      loadConfig({
        TABLECAST_ROLE: 'feeds',
        KAFKA_BROKERS: 'k1:9092',
        EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false',
      }),
    ).toThrow(/TABLECAST_ROLE feeds runs on the embedded SQLite log only/);
    expect(() =>
      loadConfig({ TABLECAST_ROLE: 'feeds', KAFKA_BROKERS: 'k1:9092', EVENTS_OUTBOX: 'kafka' }),
    ).toThrow(/EVENTS_OUTBOX kafka is for TABLECAST_ROLE all \(the feeds role publishes no event log\)/);
    expect(() => loadConfig({ FEEDS_LEASE_TTL_MS: '100' })).toThrow(
      /FEEDS_LEASE_TTL_MS must be a whole number of ms from 500/,
    );
  });

  it('TC-SCALE-1: FEEDS_PARTITIONS is 1 unless set, a whole number from 1 to 1024, named in the error', () => {
    expect(loadConfig({}).FEEDS_PARTITIONS).toBe(1);
    expect(loadConfig({ FEEDS_PARTITIONS: '4' }).FEEDS_PARTITIONS).toBe(4);
    for (const bad of ['0', '2.5', 'many', '1025'])
      expect(() => loadConfig({ FEEDS_PARTITIONS: bad })).toThrow(
        /FEEDS_PARTITIONS must be a whole number from 1 to 1024/,
      );
  });

  it('TC-SCALE-1: a control role needs TABLECAST_LOG_DIR (its checkpoints are shared there), named in the error, on either log', () => {
    expect(loadConfig({ TABLECAST_ROLE: 'control', TABLECAST_LOG_DIR: '/srv/log' })).toMatchObject({
      TABLECAST_ROLE: 'control',
      TABLECAST_LOG_DIR: '/srv/log',
      CONTROL_LEASE_TTL_MS: 10000,
    });
    expect(() => loadConfig({ TABLECAST_ROLE: 'control' })).toThrow(
      /TABLECAST_LOG_DIR must be set for TABLECAST_ROLE control \(the shared dir of the singletons' checkpoints/,
    );
    // Its lease is on KurrentDB then (KurrentDbLeaseStore).
    expect(
      loadConfig({
        TABLECAST_ROLE: 'control',
        TABLECAST_LOG_DIR: '/srv/log',
        EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false',
      }),
    ).toMatchObject({ TABLECAST_ROLE: 'control', EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false' });
    expect(() =>
      loadConfig({
        TABLECAST_ROLE: 'control',
        TABLECAST_LOG_DIR: '/srv/log',
        KAFKA_BROKERS: 'k1:9092',
        EVENTS_OUTBOX: 'kafka',
      }),
    ).toThrow(/EVENTS_OUTBOX kafka is for TABLECAST_ROLE all \(the control role publishes no event log\)/);
    expect(() => loadConfig({ CONTROL_LEASE_TTL_MS: '100' })).toThrow(
      /CONTROL_LEASE_TTL_MS must be a whole number of ms from 500/,
    );
  });

  it('TC-SCALE-1: API_PROJECTIONS is local by default; shared is for the api and control roles only, and control reads it on the SQLite log only, named in the error', () => {
    const api = { TABLECAST_ROLE: 'api', TABLECAST_LOG_DIR: '/srv/log' };
    expect(loadConfig(api).API_PROJECTIONS).toBe('local');
    expect(loadConfig({ ...api, API_PROJECTIONS: SHARED_PROJECTIONS })).toMatchObject({
      API_PROJECTIONS: SHARED_PROJECTIONS,
      PROJECTIONS_LEASE_TTL_MS: 10000,
    });
    const control = { TABLECAST_ROLE: 'control', TABLECAST_LOG_DIR: '/srv/log' };
    expect(loadConfig(control).API_PROJECTIONS).toBe('local');
    expect(loadConfig({ ...control, API_PROJECTIONS: SHARED_PROJECTIONS }).API_PROJECTIONS).toBe(
      SHARED_PROJECTIONS,
    );
    expect(() =>
      loadConfig({
        ...control,
        API_PROJECTIONS: SHARED_PROJECTIONS,
        EVENTSTORE_URL: 'kurrentdb://127.0.0.1:2113',
      }),
    ).toThrow(
      /API_PROJECTIONS shared needs the embedded SQLite log .*with EVENTSTORE_URL the control role projects for itself \(local\)/,
    );
    expect(loadConfig({ ...control, EVENTSTORE_URL: 'kurrentdb://127.0.0.1:2113' }).API_PROJECTIONS).toBe(
      'local',
    );
    for (const role of ['all', 'feeds', 'gateway'])
      expect(() =>
        loadConfig({
          TABLECAST_ROLE: role,
          TABLECAST_LOG_DIR: '/srv/log',
          KAFKA_BROKERS: 'k1:9092',
          API_PROJECTIONS: SHARED_PROJECTIONS,
        }),
      ).toThrow(
        /API_PROJECTIONS shared is for TABLECAST_ROLE=api \(the api processes share one projector over TABLECAST_LOG_DIR\) and control \(it reads what they project\)/,
      );
    expect(() => loadConfig({ ...api, API_PROJECTIONS: 'one' })).toThrow(
      /API_PROJECTIONS must be local, shared or projector/,
    );
  });

  it('TC-SCALE-1: the projector role needs TABLECAST_LOG_DIR and the SQLite log; API_PROJECTIONS=projector makes api and control processes readers, and is refused elsewhere, named in the error', () => {
    const projector = { TABLECAST_ROLE: 'projector', TABLECAST_LOG_DIR: '/srv/log' };
    expect(loadConfig(projector)).toMatchObject({
      TABLECAST_ROLE: 'projector',
      PROJECTIONS_LEASE_TTL_MS: 10000,
    });
    // It projects the shared file whatever API_PROJECTIONS says, so a setting shared with the api
    // processes' environment is no error.
    for (const value of ['local', 'shared', 'projector'])
      expect(loadConfig({ ...projector, API_PROJECTIONS: value }).API_PROJECTIONS).toBe(value);
    expect(() => loadConfig({ TABLECAST_ROLE: 'projector' })).toThrow(
      /TABLECAST_LOG_DIR projector needs TABLECAST_LOG_DIR \(the SQLite log it projects/,
    );
    expect(() => loadConfig({ ...projector, EVENTSTORE_URL: 'kurrentdb://127.0.0.1:2113' })).toThrow(
      /TABLECAST_ROLE projector runs on the embedded SQLite log only/,
    );
    for (const role of ['api', 'control'])
      expect(
        loadConfig({ TABLECAST_ROLE: role, TABLECAST_LOG_DIR: '/srv/log', API_PROJECTIONS: 'projector' })
          .API_PROJECTIONS,
      ).toBe('projector');
    expect(() => loadConfig({ TABLECAST_ROLE: 'all', API_PROJECTIONS: 'projector' })).toThrow(
      /API_PROJECTIONS projector is for TABLECAST_ROLE=api \(a TABLECAST_ROLE=projector process projects TABLECAST_LOG_DIR for the api processes\) and control/,
    );
    expect(() =>
      loadConfig({
        TABLECAST_ROLE: 'control',
        TABLECAST_LOG_DIR: '/srv/log',
        API_PROJECTIONS: 'projector',
        EVENTSTORE_URL: 'kurrentdb://127.0.0.1:2113',
      }),
    ).toThrow(/API_PROJECTIONS projector needs the embedded SQLite log/);
  });

  it('starts no event outbox by default; kafka needs KAFKA_BROKERS and the full server, each named in the error', () => {
    expect(loadConfig({}).EVENTS_OUTBOX).toBe('off');
    expect(loadConfig({ EVENTS_OUTBOX: 'kafka', KAFKA_BROKERS: 'k1:9092' }).EVENTS_OUTBOX).toBe('kafka');
    expect(() => loadConfig({ EVENTS_OUTBOX: 'kafka' })).toThrow(
      /EVENTS_OUTBOX kafka needs KAFKA_BROKERS .*\(got "kafka"\)/,
    );
    expect(() =>
      loadConfig({ EVENTS_OUTBOX: 'kafka', KAFKA_BROKERS: 'k1:9092', TABLECAST_ROLE: 'gateway' }),
    ).toThrow(/EVENTS_OUTBOX kafka is for TABLECAST_ROLE all/);
    expect(() => loadConfig({ EVENTS_OUTBOX: 'kurrentdb', KAFKA_BROKERS: 'k1:9092' })).toThrow(
      /EVENTS_OUTBOX must be off or kafka \(got "kurrentdb"\)/,
    );
  });

  it('runs the feed producer on the main thread unless FEEDS_THREAD=worker, which only the all role takes, named in the error', () => {
    expect(loadConfig({}).FEEDS_THREAD).toBe('main');
    expect(loadConfig({ FEEDS_THREAD: 'worker' }).FEEDS_THREAD).toBe('worker');
    expect(() => loadConfig({ FEEDS_THREAD: 'fiber' })).toThrow(/FEEDS_THREAD.*main or worker/);
    expect(() =>
      loadConfig({ FEEDS_THREAD: 'worker', TABLECAST_ROLE: 'api', TABLECAST_LOG_DIR: '/srv/log' }),
    ).toThrow(/FEEDS_THREAD.*TABLECAST_ROLE=api/);
  });

  it('ignores variables it does not know', () => {
    expect(loadConfig({ PATH: '/usr/bin', SOMETHING_ELSE: 'x' }).PORT).toBe(3000);
  });
});

describe('describeConfig', () => {
  it('documents every variable with a default and a description', () => {
    const rows = describeConfig();
    expect(rows.map((r) => r.variable)).toEqual([
      'PORT',
      'HOST',
      'TABLECAST_DATA_DIR',
      'TABLECAST_LOG_DIR',
      'TABLECAST_OVERLAYS_DIR',
      'EVENTSTORE_URL',
      'TABLECAST_SQLITE_SYNC',
      'TABLECAST_TOKENS',
      'BROADCAST_DELAY_MS',
      'TABLECAST_TIME_ZONE',
      'FEED_CLIENT_BUFFER',
      'FEED_TOTAL_BUFFER',
      'FEED_WINDOW_BYTES',
      'FEED_MAX_SUBSCRIPTIONS',
      'WS_MAX_PAYLOAD',
      'WS_MAX_CONNECTIONS',
      'WS_MAX_CONNECTIONS_PER_ADDRESS',
      'PLAY_MAX_CONNECTIONS',
      'PLAY_MAX_CONNECTIONS_PER_SEAT',
      'TOURNAMENT_WS_MAX_CONNECTIONS',
      'TOURNAMENT_WS_MAX_PER_ADDRESS',
      'TOURNAMENT_WS_HEARTBEAT_MS',
      'KAFKA_BROKERS',
      'KAFKA_CLIENT',
      'KAFKA_MAX_WAIT_MS',
      'KAFKA_SESSION_TIMEOUT_MS',
      'KAFKA_HEARTBEAT_INTERVAL_MS',
      'KAFKA_JOIN_TIMEOUT_MS',
      'KAFKA_TOPIC_PREFIX',
      'KAFKA_GROUP_ID',
      'KAFKA_IDEMPOTENT',
      'KAFKA_MAX_QUEUED',
      'EVENTS_OUTBOX',
      'TABLECAST_ROLE',
      'FEEDS_LEASE_TTL_MS',
      'FEEDS_PARTITIONS',
      'API_PROJECTIONS',
      'PROJECTIONS_LEASE_TTL_MS',
      'CONTROL_LEASE_TTL_MS',
      'FEEDS_THREAD',
      'OBS_INSTANCES',
      'FAULT_INJECTION',
      'LOG_LEVEL',
    ]);
    for (const row of rows) expect(row.description.length).toBeGreaterThan(10);
    expect(rows.find((r) => r.variable === 'PORT')?.defaultValue).toBe('3000');
  });
});
