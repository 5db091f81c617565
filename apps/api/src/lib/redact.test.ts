import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { register } from '../test/app';
import { ownerClient } from '../test/database';
import { useTestApp } from '../test/hooks';
import { errorForLog, redactText } from './redact';

const PASSWORD = 'Correct-Horse-42';

describe('logs hold no secrets', () => {
  const lines: string[] = [];
  const t = useTestApp(
    { logLevel: 'info' },
    { logStream: { write: (line) => void lines.push(line) } },
  );

  it('a failed insert on register logs the error without the password hash', async () => {
    // Every new user row now fails to insert: the database error quotes the statement's parameters.
    // On PostgreSQL the tables' owner changes the table (the API's role owns nothing).
    const asOwner = async (statement: string) => {
      if (!process.env.TEST_DATABASE_URL) return void (await t.db.execute(sql.raw(statement)));
      const owner = await ownerClient(t.db);
      await owner.query(statement).finally(() => owner.end());
    };
    await asOwner('alter table users add constraint kora_test_refuse check (id < 0) not valid');
    try {
      const res = await register(t, 'ada.log@example.com', PASSWORD);
      expect(res.statusCode).toBe(500);
    } finally {
      await asOwner('alter table users drop constraint kora_test_refuse');
    }
    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('Failed query');
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('ada.log@example.com');
  });

  it('a request for a set-password link logs its path, never its token', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/set-password?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig',
    });
    const log = lines.join('');
    expect(log).toContain('/set-password');
    expect(log).not.toContain('eyJ');
    expect(log).not.toContain('token=');
  });

  it("a receipt's public page and PDF log their path, never the receipt's token", async () => {
    lines.length = 0;
    const token = 'Ab3_x-9QzY7wVu5tSr1qPo0nMl2kJi4h';
    await t.app.inject({ method: 'GET', url: `/r/${token}` });
    await t.app.inject({ method: 'GET', url: `/r/${token}.pdf?size=80mm` });
    const log = lines.join('');
    expect(log).toContain('/r/');
    expect(log).not.toContain(token);
    expect(redactText(`Your receipt: https://kora.ng/r/${token}`)).not.toContain(token);
  });

  it('cuts hashes, tokens, links and codes out of any text', () => {
    const text = [
      'Failed query: insert into "users" values ($1, $2) params: ada@example.com,$argon2id$v=19$m=19456,t=2,p=1$abc$def',
      'link https://kora.ng/set-password?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
      'refresh 3q2-7wZm9yX0QbH1uK5lR8sT2vW4xY6zA1bC3dE5fG7hJ9kL',
      'Your verification code is 1234567',
      '654321 is your Iron Temple sign-in code. It expires in 10 minutes.',
      'GET /pay/kora-0123456789abcdef01234567 key sk_live_AbCdEf0123456789',
    ].join('\n');
    const out = redactText(text);
    for (const secret of [
      '$argon2id',
      'eyJ',
      '3q2-7wZm9yX0QbH1uK5lR8sT2vW4xY6zA1bC3dE5fG7hJ9kL',
      '1234567',
      '654321',
      'ada@example.com',
      'kora-0123456789abcdef01234567',
      'sk_live_AbCdEf0123456789',
    ])
      expect(out).not.toContain(secret);
    expect(out).toContain('Failed query: insert into "users"');
  });

  it('logs an error by its kind and message, never the fields it carries', () => {
    const err = Object.assign(new Error('boom'), {
      params: ['$argon2id$v=19$secret'],
      query: 'insert',
    });
    const logged = JSON.stringify(errorForLog(err));
    expect(logged).toContain('boom');
    expect(logged).not.toContain('argon2');
  });
});
