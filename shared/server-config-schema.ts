/** The check of a server's config from outside the host (an RPC, a config file, a profile). */
import { z } from 'zod';

const MAX_TEXT = 4096;
const boundedText = z.string().min(1).max(MAX_TEXT);
// A header value must not smuggle a second header (RFC 9110 field-value has no CR/LF).
const headerRecord = z
  .record(
    z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/, 'an HTTP header name'),
    z
      .string()
      .max(8192)
      .regex(/^[^\r\n\0]*$/, 'a value without line breaks'),
  )
  .refine((r) => Object.keys(r).length <= 100, 'at most 100 headers');
const httpUrl = z
  .string()
  .max(MAX_TEXT)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'an http:// or https:// URL')
  // Never shown again, never sent where fetch refuses it (its error repeats the URL whole).
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'a URL without a user name or password: give them as a header ("Authorization": …) instead');

/** Validates a {@link ServerConfig} received from outside the host. */
export const serverConfigSchema = z.strictObject({
  name: z.string().min(1).max(200),
  transport: z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('stdio'),
      command: boundedText,
      args: z.array(z.string().max(MAX_TEXT)).max(1000),
      env: z
        .record(
          z.string().regex(/^[^=\0]{1,256}$/, 'an environment variable name'),
          z.string().max(32768),
        )
        .optional(),
      cwd: boundedText.optional(),
    }),
    z.strictObject({ kind: z.literal('http'), url: httpUrl, headers: headerRecord.optional() }),
    z.strictObject({ kind: z.literal('sse'), url: httpUrl, headers: headerRecord.optional() }),
  ]),
  secrets: z.array(z.string().min(1).max(32768)).max(100).optional(),
});
