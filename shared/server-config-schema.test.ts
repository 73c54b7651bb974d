import { describe, expect, it } from 'vitest';
import { serverConfigSchema } from './server-config-schema';

const http = (url: string) => ({ name: 'remote', transport: { kind: 'http', url } });

describe("a server's config from outside the host", () => {
  it('refuses a URL carrying a user name or password, without repeating it', () => {
    const refused = serverConfigSchema.safeParse(
      http('https://admin:hunter2-secret@db.example/mcp'),
    );
    expect(refused.success).toBe(false);
    const words = refused.error?.issues.map((issue) => issue.message).join('; ') ?? '';
    expect(words).toBe(
      'a URL without a user name or password: give them as a header ("Authorization": …) instead',
    );
    expect(JSON.stringify(refused.error?.issues)).not.toContain('hunter2');
    expect(serverConfigSchema.safeParse(http('https://db.example/mcp')).success).toBe(true);
  });
});
