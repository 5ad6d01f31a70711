import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIENCES } from '@tablecast/broadcast';
import { describe, expect, it } from 'vitest';
import { FEED_TOPIC_PREFIX } from '../broadcast/broadcast.tokens';
import { configuredEventsTopic, EVENTS_TOPIC_SUFFIX } from '../scale/kafka-bus-options';
import { loadConfig } from './load-config';

const dockerDir = join(__dirname, '..', '..', '..', '..', 'docker');
const compose = readFileSync(join(dockerDir, 'compose.yml'), 'utf8');

/** The lines of one service's block in compose.yml (from its name to the next service). */
function service(name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`);
  expect(start, `service ${name}`).toBeGreaterThan(0);
  const next = compose.slice(start + 1).search(/\n {2}[a-z-]+:\n|\nvolumes:\n/);
  return compose.slice(start, start + 1 + next);
}

/** One service's `environment:` entries (`KEY: 'value'`), as the container gets them. */
function environment(name: string): Record<string, string> {
  const block = /\n {4}environment:\n((?: {6}.*\n)+)/.exec(service(name))?.[1] ?? '';
  return Object.fromEntries(
    [...block.matchAll(/^ {6}([A-Z0-9_]+): '([^']*)'$/gm)].map(([, key, value]) => [key ?? '', value ?? '']),
  );
}

// No Docker engine runs here, so the stack itself is never started by the tests; what can drift
// silently from the code is checked against the code.
describe('docker/compose.yml against the app it runs', () => {
  it('creates exactly the feed topics and the event outbox topic the app publishes to (brokers no longer create them on first use)', () => {
    const job = service('kafka-topics');
    expect(job).toContain(`TOPIC_PREFIX: '${FEED_TOPIC_PREFIX}'`);
    const loop = /for audience in ([a-z ]+); do/.exec(job);
    expect(loop?.[1]?.split(' ').sort()).toEqual([...AUDIENCES].sort());
    expect(job).toContain(`--topic "$$TOPIC_PREFIX.${EVENTS_TOPIC_SUFFIX}"`);
    expect(service('kafka')).toContain("KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false'");
    expect(service('app')).toMatch(/kafka-topics:\n\s+condition: service_completed_successfully/);
    expect(service('gateway')).toMatch(/kafka-topics:\n\s+condition: service_completed_successfully/);
  });

  it("points the app and every gateway at the topics the job created, and names the gateways' group prefix", () => {
    const prefix = /TOPIC_PREFIX: '([^']+)'/.exec(service('kafka-topics'))?.[1];
    for (const name of ['app', 'gateway']) {
      expect(service(name), name).toContain(`KAFKA_TOPIC_PREFIX: '${prefix ?? ''}'`);
    }
    expect(
      loadConfig({ KAFKA_GROUP_ID: /KAFKA_GROUP_ID: '([^']+)'/.exec(service('gateway'))?.[1] })
        .KAFKA_GROUP_ID,
    ).toBe('tablecast-gateway');
  });

  it('runs the event outbox in the app, onto the events topic the job created, and in no gateway', () => {
    const app = loadConfig(environment('app'));
    expect(app.EVENTS_OUTBOX).toBe('kafka');
    const prefix = /TOPIC_PREFIX: '([^']+)'/.exec(service('kafka-topics'))?.[1] ?? '';
    expect(configuredEventsTopic(app)).toBe(`${prefix}.${EVENTS_TOPIC_SUFFIX}`);
    // A gateway opens no event log: its configuration would be refused at boot with the outbox on.
    expect(loadConfig(environment('gateway')).EVENTS_OUTBOX).toBe('off');
  });

  it("keeps Kafka's log dir on its volume", () => {
    const kafka = service('kafka');
    const logDir = /KAFKA_LOG_DIRS: '([^']+)'/.exec(kafka)?.[1];
    expect(logDir).toBeDefined();
    expect(kafka).toContain(`- kafka-data:${logDir ?? ''}`);
  });

  it('restarts every long-running service, and scales gateways without a fixed host port', () => {
    for (const name of ['kurrentdb', 'kafka', 'app', 'gateway']) {
      expect(service(name), name).toContain('restart: unless-stopped');
    }
    const gateway = service('gateway');
    expect(gateway).toMatch(/replicas: [2-9]/);
    expect(gateway).toMatch(/- '\d+-\d+:3000'/);
  });

  it('gives the app and every gateway the same tokens, and its example tokens are valid', () => {
    for (const name of ['app', 'gateway']) expect(service(name), name).toContain('path: ./tablecast.env');
    const example = readFileSync(join(dockerDir, 'tablecast.env.example'), 'utf8');
    const tokens = /^TABLECAST_TOKENS=(.+)$/m.exec(example)?.[1] ?? '';
    expect(loadConfig({ TABLECAST_TOKENS: tokens }).TABLECAST_TOKENS?.map((token) => token.role)).toEqual([
      'referee',
      'producer',
      'operator',
    ]);
  });

  it('TC-SCALE-1: the roles profile runs projector processes and api and control processes that only read what they project, all on one log volume, each configuration one the server accepts', () => {
    const roles = ['api', 'projector', 'feeds', 'control'];
    const configs = Object.fromEntries(roles.map((name) => [name, loadConfig(environment(name))]));
    expect(roles.map((name) => configs[name]?.TABLECAST_ROLE)).toEqual(roles);
    expect(configs.api?.API_PROJECTIONS).toBe('projector');
    expect(configs.control?.API_PROJECTIONS).toBe('projector');
    for (const name of roles) {
      const block = service(name);
      expect(block, name).toContain("profiles: ['roles']");
      expect(block, name).toContain(`- log:${configs[name]?.TABLECAST_LOG_DIR ?? ''}`);
      expect(block, name).toMatch(/replicas: [2-9]/);
    }
    expect(compose).toMatch(/\nvolumes:\n(?: {2}.*\n)*? {2}log:\n/);
  });

  it('runs a long-term-support KurrentDB (year.0 releases are the LTS ones)', () => {
    expect(service('kurrentdb')).toMatch(/image: docker\.kurrent\.io\/kurrent-lts\/kurrentdb:\d\d\.0\n/);
  });
});
