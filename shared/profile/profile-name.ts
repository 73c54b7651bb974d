/** Profile names: apart from profile.ts, so the page can check one without loading zod. */

/** A name the user may give a profile: it becomes the file name, so no paths and no oddities. */
export function checkProfileName(name: string): string | undefined {
  if (name.trim() !== name || name === '')
    return 'a profile name cannot be empty or start or end with a space';
  if (name.length > 80) return 'a profile name is at most 80 characters';
  if (!/^[\p{L}\p{N} _.()-]+$/u.test(name) || name.startsWith('.') || name.endsWith('.'))
    return 'a profile name may hold letters, digits, spaces and _ . ( ) -, and not start or end with a dot';
  // Names Windows keeps for devices, with or without an extension.
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i.test(name))
    return `${JSON.stringify(name)} is a device name on Windows; choose another`;
  return undefined;
}
