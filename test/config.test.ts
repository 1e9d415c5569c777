import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig, sharesPathOf } from '../src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      RATE_LIMIT_WINDOW_MS: 900_000,
      RATE_LIMIT_MAX_REQUESTS: 100,
      CRON_SCHEDULE: '0 3 * * *',
      API_SECRET_KEY: '',
      TRUST_PROXY: false,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    expect(sharesPathOf(config)).toBe('var/shares.db');
  });

  it('parses lists and numbers', () => {
    const config = loadConfig({
      ALLOWED_ORIGINS: 'https://a.example, https://b.example',
      PORT: '8080',
      TRUST_PROXY: 'true',
    });
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it("takes TRUST_PROXY as the proxies' addresses and subnets", () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['RATE_LIMIT_MAX_REQUESTS', '0'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['TRUST_PROXY', 'maybe'],
    ['SOURCE_FORMAT', 'xml'],
  ])('a bad %s (%s) stops start-up with a message naming it', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(`${key}: .*got "${value}"`));
  });

  // Each message names the variable, the value given and what the variable accepts (issue 36).
  it.each([
    ['RATE_LIMIT_MAX_REQUESTS', '-1', 'a whole number, at least 1'],
    ['PORT', '70000', 'a whole number from 0 to 65535'],
    ['HOST', 'localhost:3000', 'without the port: put the port in PORT'],
    ['HOST', 'http://rada.example.org', 'a host name or an IP address'],
    ['LOG_LEVEL', 'loud', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['NODE_ENV', 'staging', 'one of development, production, test'],
    ['SOURCE_FORMAT', 'xml', 'one of csv, sejm, radoskop'],
    ['TRUST_PROXY', 'maybe', "true or false, or the proxies' addresses"],
    ['TRUST_PROXY', '127.0.0.1,10.0.0.0/33', 'not an address: 10.0.0.0/33'],
    ['ALLOWED_ORIGINS', 'https://a.example,a.example', 'origins, scheme://host[:port]'],
    ['CRON_SCHEDULE', 'every night', 'a cron expression of 5 fields'],
    ['DB_PATH', '', 'the path of the snapshot file'],
  ])('%s=%s: the message names the variable, the value and what it accepts', (key, value, accepted) => {
    let message = '';
    try {
      loadConfig({ [key]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    const line = message.split('\n').find((l) => l.startsWith(`${key}: `));
    expect(line, message || 'no error').toBeDefined();
    expect(line).toContain(`(got "${value}")`);
    expect(line).toContain(accepted);
    expect(
      message.split('\n').filter((l) => l.includes(': ')),
      'no other variable is blamed',
    ).toHaveLength(1);
  });

  it('accepts addresses to listen on and origins', () => {
    for (const HOST of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'rada.example.org', ''])
      expect(loadConfig({ HOST }).HOST).toBe(HOST);
    expect(loadConfig({ ALLOWED_ORIGINS: 'http://localhost:8080/, https://a.example' }).ALLOWED_ORIGINS).toEqual([
      'http://localhost:8080/',
      'https://a.example',
    ]);
  });

  it('decides the role once: standalone, builder (PUBLISH_PORT) or replica (FOLLOW_URL)', () => {
    expect(loadConfig({}).ROLE).toEqual({ kind: 'standalone' });
    expect(loadConfig({ PUBLISH_PORT: '3100' }).ROLE).toEqual({ kind: 'builder', publishPort: 3100 });
    const url = 'http://builder:3100/council.db.manifest.json';
    expect(loadConfig({ FOLLOW_URL: url, FOLLOW_INTERVAL_S: '30' }).ROLE).toEqual({
      kind: 'replica',
      followUrl: url,
      intervalS: 30,
    });
    // An override (as `--port` passes) is settled before the role is read.
    expect(loadConfig({}, { PUBLISH_PORT: 3200 }).ROLE).toEqual({ kind: 'builder', publishPort: 3200 });
    // The settings it is read from are not kept beside it: nothing can ask them again.
    const replica = loadConfig({ FOLLOW_URL: url, FOLLOW_INTERVAL_S: '30', PORT: '3300' });
    expect(replica.PORT).toBe(3300);
    for (const setting of ['FOLLOW_URL', 'PUBLISH_PORT', 'FOLLOW_INTERVAL_S'])
      expect(replica).not.toHaveProperty(setting);
  });

  it('refuses a replica that publishes, naming PUBLISH_PORT and hiding the URL', () => {
    const env = { FOLLOW_URL: 'http://user:secret@builder:3100/m.json', PUBLISH_PORT: '3100' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      /PUBLISH_PORT: a replica \(FOLLOW_URL, --follow\) does not publish.*got "3100"/,
    );
    expect(() => loadConfig({ PUBLISH_PORT: '3100' }, { FOLLOW_URL: 'http://b/m.json' })).toThrow(ConfigError);
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toContain('secret');
  });

  it('documents every key in the README table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const key of Object.keys(CONFIG_KEYS)) expect(readme, key).toContain(`| \`${key}\` |`);
  });
});
