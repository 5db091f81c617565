import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { README_PATH, configTable, readmeConfigTable } from './config-docs';

const dataDir = () => mkdtempSync(join(tmpdir(), 'kora-config-'));

describe('loadConfig', () => {
  it('starts with nothing set: port 3000, PGlite in ./data, a kept development secret', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.uploadsDir).toBe(join(dir, 'uploads'));
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, '.jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    // A restart reads the same secret, so sessions survive it.
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('names every wrong variable', () => {
    const run = () =>
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
      });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(message).toContain('SMTP_URL: must start with smtp:// or smtps://');
    }
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /JWT_SECRET: required/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: 'short' }),
    ).toThrow(/JWT_SECRET: must be at least 32 characters/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(ok.isProduction).toBe(true);
  });

  it('keeps a development secrets key in DATA_DIR; production takes SECRETS_ENCRYPTION_KEY or none', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.secretsKey).toHaveLength(32);
    expect(config.paystackBaseUrl).toBe('https://api.paystack.co');
    expect(loadConfig({ DATA_DIR: dir }).secretsKey!.equals(config.secretsKey!)).toBe(true);
    const production = { NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(production).secretsKey).toBeUndefined();
    const hex = 'ab'.repeat(32);
    expect(
      loadConfig({ ...production, SECRETS_ENCRYPTION_KEY: hex }).secretsKey!.toString('hex'),
    ).toBe(hex);
    expect(() => loadConfig({ ...production, SECRETS_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      /SECRETS_ENCRYPTION_KEY: must be 32 random bytes/,
    );
    expect(
      loadConfig({ DATA_DIR: dir, PAYSTACK_BASE_URL: 'http://127.0.0.1:4000/' }).paystackBaseUrl,
    ).toBe('http://127.0.0.1:4000');
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://kora:pw@db:5432/kora',
    });
    expect(config.databaseUrl).toBe('postgres://kora:pw@db:5432/kora');
    expect(config.databaseMigrationUrl).toBeUndefined();
  });

  it('migrates as the owner role of DATABASE_MIGRATION_URL, which needs DATABASE_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://kora_app:pw@db:5432/kora',
      DATABASE_MIGRATION_URL: 'postgres://kora_owner:pw2@db:5432/kora',
    });
    expect(config.databaseUrl).toBe('postgres://kora_app:pw@db:5432/kora');
    expect(config.databaseMigrationUrl).toBe('postgres://kora_owner:pw2@db:5432/kora');
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), DATABASE_MIGRATION_URL: 'postgres://o:pw@db/kora' }),
    ).toThrow(/DATABASE_MIGRATION_URL: needs DATABASE_URL/);
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir(),
        DATABASE_URL: 'postgres://a:pw@db/kora',
        DATABASE_MIGRATION_URL: 'mysql://o',
      }),
    ).toThrow(/DATABASE_MIGRATION_URL: must start with postgres:\/\//);
  });

  it('sends contact requests to SALES_EMAIL, else a local address, else MAIL_FROM in production', () => {
    const production = { NODE_ENV: 'production', DATA_DIR: dataDir(), JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ DATA_DIR: dataDir(), SALES_EMAIL: 'sales@irongym.ng' }).salesEmail).toBe(
      'sales@irongym.ng',
    );
    expect(loadConfig({ DATA_DIR: dataDir() }).salesEmail).toBe('sales@kora.local');
    expect(loadConfig(production).salesEmail).toBe('no-reply@kora.ng');
    expect(loadConfig({ ...production, MAIL_FROM: 'Kora Sales <hello@kora.ng>' }).salesEmail).toBe(
      'hello@kora.ng',
    );
    expect(loadConfig({ ...production, SALES_EMAIL: 'sales@kora.ng' }).salesEmail).toBe(
      'sales@kora.ng',
    );
    expect(() => loadConfig({ ...production, MAIL_FROM: 'Kora' })).toThrow(
      /SALES_EMAIL: required when NODE_ENV=production/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), SALES_EMAIL: 'not-an-address' })).toThrow(
      /SALES_EMAIL: must be an e-mail address/,
    );
  });

  it("is described in README.md's configuration table exactly as CONFIG_VARIABLES says", () => {
    expect(
      readmeConfigTable(readFileSync(README_PATH, 'utf8')),
      "README.md's configuration table differs from CONFIG_VARIABLES in apps/api/src/config.ts: run `npm run docs:config`",
    ).toBe(configTable());
  });
});
