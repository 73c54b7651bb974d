/**
 * Turns what a server sent as one catalog item into a typed entry, or says why it cannot.
 * Servers are untrusted: every field is checked, strings are bounded, and a bad optional
 * field is dropped with a problem rather than costing the user the whole resource.
 */
import type { Annotations, Icon, ResourceEntry, ServerId, TemplateEntry } from '../host-api';

/** Longest name or title we keep; a longer one is cut, with a problem reported. */
export const MAX_NAME_LENGTH = 1000;
/** Longest description we keep. */
export const MAX_DESCRIPTION_LENGTH = 20_000;
/** Longest URI we accept at all. */
export const MAX_URI_LENGTH = 65_536;

/** An item that survived, with what was wrong with it; or `entry` undefined and why. */
export interface ItemCheck<T> {
  entry?: T;
  problems: string[];
}

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return value.length > 40 ? `a ${value.length}-character string` : JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function boundedString(raw: Raw, field: string, max: number, problems: string[]): string | undefined {
  const value = raw[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    problems.push(`${field} is ${describe(value)}, not a string; ignored`);
    return undefined;
  }
  if (value.length > max) {
    problems.push(`${field} is ${value.length.toLocaleString('en-US')} characters; cut to ${max.toLocaleString('en-US')}`);
    return value.slice(0, max);
  }
  return value;
}

// ISO 8601 date or date-time, as the spec's lastModified asks; Date.parse alone accepts too much.
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Checks annotations; an invalid member counts as absent, with a problem. */
export function checkAnnotations(value: unknown, problems: string[]): Annotations | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    problems.push(`annotations is ${describe(value)}, not an object; ignored`);
    return undefined;
  }
  const result: Annotations = {};
  const { audience, priority, lastModified } = value;
  if (audience !== undefined) {
    if (Array.isArray(audience) && audience.every((role) => role === 'user' || role === 'assistant')) {
      result.audience = [...new Set(audience as ('user' | 'assistant')[])];
    } else {
      problems.push(`audience ${JSON.stringify(audience)?.slice(0, 80)} is not a list of "user" and "assistant"; treated as absent`);
    }
  }
  if (priority !== undefined) {
    if (typeof priority === 'number' && Number.isFinite(priority) && priority >= 0 && priority <= 1) result.priority = priority;
    else problems.push(`priority ${describe(priority)} is not a number from 0 to 1; treated as absent`);
  }
  if (lastModified !== undefined) {
    if (typeof lastModified === 'string' && ISO_8601.test(lastModified) && !Number.isNaN(Date.parse(lastModified))) {
      result.lastModified = lastModified;
    } else {
      problems.push(`lastModified ${describe(lastModified)} is not an ISO 8601 timestamp; treated as absent`);
    }
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function checkIcons(value: unknown, problems: string[]): Icon[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    problems.push(`icons is ${describe(value)}, not a list; ignored`);
    return undefined;
  }
  const icons: Icon[] = [];
  for (const icon of value.slice(0, 16)) {
    if (!isRecord(icon) || typeof icon.src !== 'string' || icon.src.length > 2_000_000) {
      problems.push('an icon without a usable src was ignored');
      continue;
    }
    const kept: Icon = { src: icon.src };
    if (typeof icon.mimeType === 'string') kept.mimeType = icon.mimeType.slice(0, 100);
    if (Array.isArray(icon.sizes)) kept.sizes = icon.sizes.filter((s): s is string => typeof s === 'string').slice(0, 16);
    if (icon.theme === 'light' || icon.theme === 'dark') kept.theme = icon.theme;
    icons.push(kept);
  }
  return icons.length > 0 ? icons : undefined;
}

function checkCommon(raw: Raw, problems: string[]) {
  const common: Omit<ResourceEntry, 'serverId' | 'uri' | 'name'> = {};
  const title = boundedString(raw, 'title', MAX_NAME_LENGTH, problems);
  if (title !== undefined) common.title = title;
  const description = boundedString(raw, 'description', MAX_DESCRIPTION_LENGTH, problems);
  if (description !== undefined) common.description = description;
  const mimeType = boundedString(raw, 'mimeType', 200, problems);
  if (mimeType !== undefined) common.mimeType = mimeType;
  const icons = checkIcons(raw.icons, problems);
  if (icons) common.icons = icons;
  const annotations = checkAnnotations(raw.annotations, problems);
  if (annotations) common.annotations = annotations;
  if (raw._meta !== undefined) {
    if (isRecord(raw._meta)) common._meta = raw._meta;
    else problems.push(`_meta is ${describe(raw._meta)}, not an object; ignored`);
  }
  return common;
}

function requiredString(raw: Raw, field: string, max: number): string | { reason: string } {
  const value = raw[field];
  if (value === undefined) return { reason: `it has no ${field}` };
  if (typeof value !== 'string') return { reason: `its ${field} is ${describe(value)}, not a string` };
  if (value.length === 0) return { reason: `its ${field} is empty` };
  if (value.length > max) return { reason: `its ${field} is ${value.length.toLocaleString('en-US')} characters long` };
  return value;
}

/** Checks one item of a `resources/list` page. */
export function checkResource(serverId: ServerId, raw: unknown): ItemCheck<ResourceEntry> {
  if (!isRecord(raw)) return { problems: [`the item is ${describe(raw)}, not an object`] };
  const uri = requiredString(raw, 'uri', MAX_URI_LENGTH);
  if (typeof uri !== 'string') return { problems: [uri.reason] };
  const name = requiredString(raw, 'name', Number.POSITIVE_INFINITY);
  if (typeof name !== 'string') return { problems: [name.reason] };
  const problems: string[] = [];
  const entry: ResourceEntry = { serverId, uri, name: boundedString(raw, 'name', MAX_NAME_LENGTH, problems) ?? name, ...checkCommon(raw, problems) };
  if (raw.size !== undefined) {
    if (typeof raw.size === 'number' && Number.isSafeInteger(raw.size) && raw.size >= 0) entry.size = raw.size;
    else problems.push(`size ${describe(raw.size)} is not a whole number of bytes; ignored`);
  }
  return { entry, problems };
}

/** Checks one item of a `resources/templates/list` page. */
export function checkTemplate(serverId: ServerId, raw: unknown): ItemCheck<TemplateEntry> {
  if (!isRecord(raw)) return { problems: [`the item is ${describe(raw)}, not an object`] };
  const uriTemplate = requiredString(raw, 'uriTemplate', MAX_URI_LENGTH);
  if (typeof uriTemplate !== 'string') return { problems: [uriTemplate.reason] };
  const name = requiredString(raw, 'name', Number.POSITIVE_INFINITY);
  if (typeof name !== 'string') return { problems: [name.reason] };
  const problems: string[] = [];
  const entry: TemplateEntry = { serverId, uriTemplate, name: boundedString(raw, 'name', MAX_NAME_LENGTH, problems) ?? name, ...checkCommon(raw, problems) };
  return { entry, problems };
}
