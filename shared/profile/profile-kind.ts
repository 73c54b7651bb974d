/** What marks a file as one of our profiles, apart from profile.ts so the page can name it without zod. */
export const PROFILE_KIND = 'mcp-context-profile';
export const PROFILE_VERSION = 1;
