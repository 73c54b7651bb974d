import { describe, expect, it } from 'vitest';
import { redactedJson, redactString, secretsOf } from './redact';

describe('one redaction', () => {
  it("hides any URL's password, whoever wrote it, and keeps the rest of the URL", () => {
    expect(redactString('db at postgres://app:s3cr3t-pw@db:5432/app, ok', [])).toBe(
      'db at postgres://app:[redacted]@db:5432/app, ok',
    );
    // Not a password: a port, a scoped package, an address.
    for (const text of ['http://host:8080/a@b', 'npm i @scope/pkg', 'ada@example.com'])
      expect(redactString(text, [])).toBe(text);
    expect(redactedJson({ said: 'redis://:hunter2hunter2@cache/0' }, [])).toBe(
      '{"said":"redis://:[redacted]@cache/0"}',
    );
  });

  it("takes an env URL's password as a secret of the config, whatever the variable is named", () => {
    const secrets = secretsOf({
      name: 'db',
      transport: {
        kind: 'stdio',
        command: 'db-server',
        args: [],
        env: { DB_URL: 'postgres://app:dbpass-0123@db/app', NODE_ENV: 'production' },
      },
    });
    expect(secrets).toContain('dbpass-0123');
    expect(secrets).not.toContain('production');
    // Echoed alone, it is hidden too.
    expect(redactString('password is dbpass-0123', secrets)).toBe('password is [redacted]');
  });

  it('takes one pass over hostile text, however it is shaped', () => {
    // A pattern anchored on the scheme took minutes on this (8.5 s for a tenth of it): one anchored
    // on "://" takes a pass. (Its speed is the bench's to say; here, that it ends and is right.)
    const hostile = `${'a-'.repeat(200_000)} x://u:p@h ${'://:'.repeat(100_000)}`;
    expect(redactString(hostile, [])).toContain('x://u:[redacted]@h');
  });
});
