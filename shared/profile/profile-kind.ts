/**
 * What marks a file as one of our profiles, apart from profile.ts so the page can name it without
 * zod.
 */
export const PROFILE_KIND = 'mcp-context-profile';
/** 2 added the policy's focus; version 1 files are read as they are (no focus). */
export const PROFILE_VERSION = 2;
