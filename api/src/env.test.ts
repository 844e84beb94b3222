import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('PUBLIC_ORIGIN', () => {
  it('defaults to http://HOST:PORT, reading a wildcard host as loopback', () => {
    expect(loadEnv({}).PUBLIC_ORIGIN).toBe('http://127.0.0.1:8080');
    expect(loadEnv({ HOST: '127.0.0.1', PORT: '41234' }).PUBLIC_ORIGIN).toBe('http://127.0.0.1:41234');
    expect(loadEnv({ HOST: '0.0.0.0', PORT: '3000' }).PUBLIC_ORIGIN).toBe('http://127.0.0.1:3000');
    expect(loadEnv({ HOST: '::1', PORT: '3000' }).PUBLIC_ORIGIN).toBe('http://[::1]:3000');
    expect(loadEnv({ PUBLIC_ORIGIN: '' }).PUBLIC_ORIGIN).toBe('http://127.0.0.1:8080');
  });

  it('takes an origin as given, in its canonical form', () => {
    expect(loadEnv({ PUBLIC_ORIGIN: 'https://app.betterhealth.example' }).PUBLIC_ORIGIN).toBe('https://app.betterhealth.example');
    expect(loadEnv({ PUBLIC_ORIGIN: 'https://app.betterhealth.example:443/' }).PUBLIC_ORIGIN).toBe('https://app.betterhealth.example');
  });

  it('refuses anything that is not a bare http(s) origin', () => {
    for (const bad of ['app.betterhealth.example', 'https://app.betterhealth.example/portal', 'ftp://files.example', 'https://app.example?x=1']) {
      expect(() => loadEnv({ PUBLIC_ORIGIN: bad }), bad).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});
