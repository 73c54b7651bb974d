/**
 * A profile: a saved curation (the servers by their config, the picks and marks, the policy
 * and the output format), as versioned JSON. Servers are named by the name the user gave
 * them: server ids live for one run only.
 */
import { z } from 'zod';
import type { ServerConfig } from '../mcp-types';
import { serverConfigSchema } from '../server-config-schema';
import { MAX_FOCUS_LENGTH } from '../context/focus-limits';
import { readVersionedJson } from '../versioned-file';

import { PROFILE_KIND, PROFILE_VERSION } from './profile-kind';

export { PROFILE_KIND, PROFILE_VERSION } from './profile-kind';

/** A resource named across runs: its server's name and its URI. */
const resourceRef = z.strictObject({
  server: z.string().min(1).max(200),
  uri: z.string().min(1).max(65_536),
});

export const profileSchema = z.strictObject({
  kind: z.literal(PROFILE_KIND),
  // Every version up to this one reads: each added only optional fields.
  version: z.union([z.literal(1), z.literal(PROFILE_VERSION)]),
  name: z.string().min(1).max(80),
  savedAt: z.string().max(40),
  servers: z.array(serverConfigSchema).max(100),
  picks: z.array(resourceRef).max(1_000_000),
  marks: z.array(resourceRef.extend({ mark: z.enum(['exclude', 'pin']) })).max(1_000_000),
  policy: z.strictObject({
    auto: z.boolean(),
    audience: z.enum(['assistant', 'any']),
    threshold: z.number().min(0).max(1),
    requirePriorityOne: z.boolean(),
    requiredShare: z.number().min(0).max(1).optional(),
    fill: z.boolean().optional(),
    halfLifeDays: z.number().positive().max(36_500).optional(),
    budget: z.number().int().min(0).max(100_000_000),
    order: z.enum(['rank', 'uri']),
    focus: z.string().max(MAX_FOCUS_LENGTH).optional(),
  }),
  output: z.strictObject({
    format: z.enum(['markdown', 'json']),
    encoding: z.enum(['o200k_base', 'cl100k_base']),
  }),
});

export type Profile = z.infer<typeof profileSchema> & { servers: ServerConfig[] };

/** Why a profile file could not be used. `newer` when a later version of the app wrote it. */
export interface ProfileProblem {
  message: string;
  newer: boolean;
}

/** Reads a profile file's text; never throws. */
export function parseProfile(text: string): { profile: Profile } | { problem: ProfileProblem } {
  const read = readVersionedJson(text, {
    kind: PROFILE_KIND,
    what: 'profile',
    version: PROFILE_VERSION,
    newer: (version) =>
      `it was written by a newer version of the app (profile version ${version}; this one reads ${PROFILE_VERSION})`,
  });
  if ('problem' in read) return read;
  const { raw } = read;
  const parsed = profileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return {
      problem: {
        message: `it does not match the profile format${where}: ${issue?.message ?? 'rejected'}`,
        newer: false,
      },
    };
  }
  return { profile: parsed.data as Profile };
}

/** The file's text: stable key order, two-space indent, a final newline. */
export function serializeProfile(profile: Profile): string {
  const ordered: Profile = {
    kind: PROFILE_KIND,
    version: PROFILE_VERSION,
    name: profile.name,
    savedAt: profile.savedAt,
    servers: profile.servers,
    picks: profile.picks,
    marks: profile.marks,
    policy: profile.policy,
    output: profile.output,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
