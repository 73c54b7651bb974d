/** The resource-related capabilities worth a badge, read from what the server declared. Pure. */

export const CAPABILITY_BADGES = [
  'resources.subscribe',
  'resources.listChanged',
  'completions',
] as const;
export type CapabilityBadge = (typeof CAPABILITY_BADGES)[number];

/** The badges a server earns; a capability counts when declared and not explicitly `false`. */
export function declaredCapabilities(
  capabilities: Record<string, unknown> | undefined,
): CapabilityBadge[] {
  if (!capabilities) return [];
  const resources = capabilities.resources;
  const resourceFlags =
    typeof resources === 'object' && resources !== null
      ? (resources as Record<string, unknown>)
      : {};
  const badges: CapabilityBadge[] = [];
  if (isOn(resourceFlags.subscribe)) badges.push('resources.subscribe');
  if (isOn(resourceFlags.listChanged)) badges.push('resources.listChanged');
  if (
    capabilities.completions !== undefined &&
    capabilities.completions !== false &&
    capabilities.completions !== null
  )
    badges.push('completions');
  return badges;
}

function isOn(value: unknown): boolean {
  return value === true || (typeof value === 'object' && value !== null);
}
