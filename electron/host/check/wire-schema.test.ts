import { describe, expect, it } from 'vitest';
import { wireSchemaRule } from './wire-schema';

const page = {
  message: { jsonrpc: '2.0', id: 1, result: { resources: [{ uri: 'a://x', name: 'x' }] } },
  answers: 'resources/list',
};
const broken = {
  message: { jsonrpc: '2.0', id: 2, result: { resources: [{ name: 'no uri' }] } },
  answers: 'resources/list',
};
const error = { message: { jsonrpc: '2.0', id: 3, error: { code: 'not a number', message: 'x' } } };

describe('wire.schema', () => {
  it.each(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'])(
    'judges %s by its own schema',
    (revision) => {
      expect(wireSchemaRule(revision, [page])).toMatchObject({
        verdict: 'pass',
        detail: `1 messages, each a valid ${revision} message`,
      });
      expect(wireSchemaRule(revision, [page, broken])).toMatchObject({
        verdict: 'fail',
        detail:
          "the answer to resources/list is not a ListResourcesResult at /resources/0: must have required property 'uri'",
      });
      // The error response was JSONRPCError before 2025-11-25: the same check, under its old name.
      expect(wireSchemaRule(revision, [error])).toMatchObject({
        verdict: 'fail',
        detail: expect.stringMatching(/^an error response is not a JSONRPCError/),
      });
    },
  );

  it.each(['2025-11-25', '2026-07-28'])(
    '%s: fails a uri that is not a URI, as the schema formats it',
    (revision) => {
      const notAUri = {
        message: {
          jsonrpc: '2.0',
          id: 4,
          result: {
            resources: [{ uri: 'not a uri', name: 'x' }],
            // What 2026-07-28 requires of every list result besides.
            resultType: 'complete',
            ttlMs: 0,
            cacheScope: 'public',
          },
        },
        answers: 'resources/list',
      };
      expect(wireSchemaRule(revision, [notAUri])).toMatchObject({
        verdict: 'fail',
        detail: expect.stringMatching(/at \/resources\/0\/uri: must match format "uri"$/),
      });
    },
  );

  it('says when it keeps no schema for the revision', () => {
    expect(wireSchemaRule('2023-01-01', [page])).toMatchObject({
      verdict: 'n/a',
      detail: expect.stringContaining('no schema kept for revision 2023-01-01'),
    });
  });
});
