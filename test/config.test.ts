import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig, sharesPathOf } from '../src/config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000, RATE_LIMIT_WINDOW_MS: 900_000, RATE_LIMIT_MAX_REQUESTS: 100, CRON_SCHEDULE: '0 3 * * *',
      API_SECRET_KEY: '', TRUST_PROXY: false, NODE_ENV: 'development', LOG_LEVEL: 'info',
    });
    expect(sharesPathOf(config)).toBe('var/shares.db');
  });

  it('parses lists and numbers', () => {
    const config = loadConfig({ ALLOWED_ORIGINS: 'https://a.example, https://b.example', PORT: '8080', TRUST_PROXY: 'true' });
    expect(config.ALLOWED_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.PORT).toBe(8080);
    expect(config.TRUST_PROXY).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'], ['PORT', '70000'], ['RATE_LIMIT_MAX_REQUESTS', '0'], ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'], ['TRUST_PROXY', 'maybe'], ['SOURCE_FORMAT', 'xml'],
  ])('a bad %s (%s) stops start-up with a message naming it', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [key]: value })).toThrow(new RegExp(`${key}: .*got "${value}"`));
  });

  it('documents every key in the README table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const key of Object.keys(CONFIG_KEYS)) expect(readme, key).toContain(`| \`${key}\` |`);
  });
});
