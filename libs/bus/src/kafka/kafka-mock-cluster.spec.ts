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

  it('says how kcat exited once it has: a caller that loses its mock can tell why', async () => {
    const cluster = await startKafkaMockCluster();
    expect(cluster.pid).toBeGreaterThan(0);
    let exited: string | undefined;
    void cluster.exited.then((how) => (exited = how));
    // Killed from outside, not by stop().
    process.kill(cluster.pid ?? 0, 'SIGKILL');
    await expect(cluster.exited).resolves.toBe('SIGKILL');
    expect(exited).toBe('SIGKILL');
    await cluster.stop();
  });
});
