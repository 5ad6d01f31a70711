import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredKafkaBusOptions } from '../scale/kafka-bus-options';
import { describeConfig, loadConfig } from './load-config';

const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'docs', 'deployment.md'), 'utf8');

/** The variables of docs/deployment.md's "Environment" table, in order. */
function documentedVariables(): string[] {
  const section = doc.slice(
    doc.indexOf('\n## Environment\n'),
    doc.indexOf('\n## ', doc.indexOf('\n## Environment\n') + 1),
  );
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` +\|/gm)].map((match) => match[1] ?? '');
}

/** What a scaled-out deployment sets: the role, the store, the data dir, the leases, who projects, the tokens, the outbox and every Kafka key. */
const isScaleVariable = (variable: string): boolean =>
  variable.startsWith('KAFKA_') ||
  [
    'TABLECAST_ROLE',
    'EVENTSTORE_URL',
    'TABLECAST_DATA_DIR',
    'TABLECAST_LOG_DIR',
    'FEEDS_LEASE_TTL_MS',
    'FEEDS_PARTITIONS',
    'CONTROL_LEASE_TTL_MS',
    'API_PROJECTIONS',
    'PROJECTIONS_LEASE_TTL_MS',
    'TABLECAST_TOKENS',
    'EVENTS_OUTBOX',
  ].includes(variable);

describe('docs/deployment.md against the config loader', () => {
  const loaderVariables = describeConfig().map((row) => row.variable);
  const documented = documentedVariables();

  it('names only variables the server reads', () => {
    expect(documented.length).toBeGreaterThan(5);
    expect(documented.filter((variable) => !loaderVariables.includes(variable))).toEqual([]);
  });

  it('names every scale variable the server reads', () => {
    expect(
      loaderVariables.filter(isScaleVariable).filter((variable) => !documented.includes(variable)),
    ).toEqual([]);
  });

  it("states the defaults the loader gives the bus's topic prefix and group", () => {
    const defaults = configuredKafkaBusOptions(loadConfig({}), ['k1:9092'], 'tablecast-gateway');
    expect(doc).toContain(`unset: \`${defaults.topicPrefix}\``);
    expect(doc).toContain(`unset: \`${defaults.groupIdPrefix ?? ''}\``);
  });
});
