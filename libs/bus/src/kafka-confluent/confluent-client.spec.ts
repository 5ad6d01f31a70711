import { describe, expect, it } from 'vitest';
import { BusConfigurationError } from '../errors';
import { loadConfluentKafkaJs } from './confluent-client';

describe('loading @confluentinc/kafka-javascript', () => {
  it('turns a missing module into a BusConfigurationError that says how to install it', () => {
    const missing = (id: string): never => {
      throw Object.assign(new Error(`Cannot find module '${id}'\nRequire stack: ...`), {
        code: 'MODULE_NOT_FOUND',
      });
    };
    const load = (): unknown => loadConfluentKafkaJs(missing);
    expect(load).toThrow(BusConfigurationError);
    expect(load).toThrow("Cannot find module '@confluentinc/kafka-javascript')");
    expect(load).toThrow('libssl-dev zlib1g-dev libzstd-dev libsasl2-dev liblz4-dev libcurl4-openssl-dev');
    expect(load).toThrow('CKJS_LINKING=dynamic npm install');
  });

  it('refuses a module without the KafkaJS-compatible API', () => {
    expect(() => loadConfluentKafkaJs(() => ({}))).toThrow('has no KafkaJS.Kafka export');
  });

  it('loads the installed module (CI installs it: a missing one fails here, it is not skipped)', () => {
    expect(typeof loadConfluentKafkaJs().Kafka).toBe('function');
  });
});
