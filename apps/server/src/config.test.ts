import { describe, expect, it } from 'vitest';
import { FOLLOW_LIMITS } from '@segue/shared';
import { configWarnings, loadConfig } from './config.ts';

const SECRET = { authSecret: 'test-secret-test-secret-test-secret-0123' };
const warningsFor = (env: Record<string, string | undefined>) =>
  configWarnings(loadConfig(env, SECRET));

describe('configWarnings', () => {
  it('warns when TRUST_PROXY is set and Segue listens on every interface', () => {
    for (const env of [
      { TRUST_PROXY: '1' },
      { TRUST_PROXY: 'true', HOST: '0.0.0.0' },
      { TRUST_PROXY: '2', HOST: '::' },
    ]) {
      const warnings = warningsFor(env);
      expect(warnings, JSON.stringify(env)).toHaveLength(1);
      expect(warnings[0]).toContain('TRUST_PROXY is set');
      expect(warnings[0]).toContain('HOST=127.0.0.1');
      expect(warnings[0]).toContain('port 3000');
    }
  });

  it('is quiet when Segue listens only where the proxy reaches it, or trusts no proxy', () => {
    for (const env of [
      { TRUST_PROXY: '1', HOST: '127.0.0.1' },
      { TRUST_PROXY: '1', HOST: '::1' },
      { TRUST_PROXY: '1', HOST: '10.0.0.5' },
      {},
      { TRUST_PROXY: 'false' },
      { TRUST_PROXY: '0', HOST: '::' },
    ]) {
      expect(warningsFor(env), JSON.stringify(env)).toEqual([]);
    }
  });
});

describe('the follow limits', () => {
  it('default to FOLLOW_LIMITS and take whole numbers from the environment', () => {
    expect(loadConfig({}, SECRET)).toMatchObject({
      followMaxSockets: FOLLOW_LIMITS.perInstanceDefault,
      followMaxPerAddress: FOLLOW_LIMITS.perAddressDefault,
    });
    expect(
      loadConfig({ FOLLOW_MAX_SOCKETS: '20000', FOLLOW_MAX_PER_ADDRESS: ' 500 ' }, SECRET),
    ).toMatchObject({ followMaxSockets: 20_000, followMaxPerAddress: 500 });
  });

  it('refuse anything but a whole number of at least 1', () => {
    for (const value of ['0', '-5', '1.5', 'many']) {
      expect(() => loadConfig({ FOLLOW_MAX_SOCKETS: value }, SECRET)).toThrow(/FOLLOW_MAX_SOCKETS/);
      expect(() => loadConfig({ FOLLOW_MAX_PER_ADDRESS: value }, SECRET)).toThrow(
        /FOLLOW_MAX_PER_ADDRESS/,
      );
    }
  });
});
