import { describe, expect, it } from 'vitest';
import { startKafkaMockCluster } from './kafka-mock-cluster';

describe('startKafkaMockCluster', () => {
  it('fails, naming the install script, when kcat is not on the PATH', async () => {
    await expect(startKafkaMockCluster({ command: 'kcat-not-installed-here' })).rejects.toThrow(
      'Kafka mock cluster: kcat is not installed; run `bash scripts/ensure-test-deps.sh`',
    );
  });

  it('fails with what the process printed when it exits before announcing a bootstrap address', async () => {
    await expect(startKafkaMockCluster({ command: 'true' })).rejects.toThrow(
      /kcat exited \(code 0\) before the mock was up/,
    );
  });
});
