import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config';

describe('OBS_INSTANCES', () => {
  it('unset means no OBS (the server boots without one)', () => {
    expect(loadConfig({}).OBS_INSTANCES).toEqual([]);
  });

  it('names each instance and joins its password from OBS_PASSWORD_<NAME>', () => {
    const config = loadConfig({
      OBS_INSTANCES: 'main=ws://127.0.0.1:4455, backup=ws://10.0.0.9:4455',
      OBS_PASSWORD_MAIN: 'main-secret',
    });
    expect(config.OBS_INSTANCES).toEqual([
      { name: 'main', url: 'ws://127.0.0.1:4455', password: 'main-secret' },
      { name: 'backup', url: 'ws://10.0.0.9:4455', password: undefined },
    ]);
  });

  it.each([
    ['main=http://x:1', 'must be comma-separated name=ws://host:port'],
    ['ws://127.0.0.1:4455', 'must be comma-separated name=ws://host:port'],
    ['main=ws://a:1,main=ws://b:2', 'names OBS instance "main" twice'],
  ])('rejects %s naming the variable', (spec, problem) => {
    expect(() => loadConfig({ OBS_INSTANCES: spec })).toThrow(ConfigError);
    expect(() => loadConfig({ OBS_INSTANCES: spec })).toThrow(`OBS_INSTANCES ${problem}`);
  });

  it('never puts a password in a configuration error', () => {
    expect(() => loadConfig({ OBS_INSTANCES: 'main=bad', OBS_PASSWORD_MAIN: 'main-secret' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('main-secret') as unknown }),
    );
  });
});
