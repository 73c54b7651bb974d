/**
 * Turns what a server sent as one catalog item into a typed entry, or says why it cannot.
 * Servers are untrusted: every field is checked, strings are bounded, and a bad optional
 * field is dropped with a problem rather than costing the user the whole resource.
 */
import type { Annotations, Icon, ResourceEntry, ServerId, TemplateEntry } from '../mcp-types';
import type { EntryInterner } from './entry-interner';

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
  if (typeof value === 'string')
    return value.length > 40 ? `a ${value.length}-character string` : JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function boundedString(
  raw: Raw,
  field: string,
  max: number,
  problems: string[],
): string | undefined {
  const value = raw[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    problems.push(`${field} is ${describe(value)}, not a string; ignored`);
    return undefined;
  }
  if (value.length > max) {
    problems.push(
      `${field} is ${value.length.toLocaleString('en-US')} characters; cut to ${max.toLocaleString('en-US')}`,
    );
    return value.slice(0, max);
  }
  return value;
}

/** Days in a month of the proleptic Gregorian calendar. */
function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The number written by `count` ASCII digits at `at`, or -1. */
function digitsAt(text: string, at: number, count: number): number {
  let value = 0;
  for (let index = at; index < at + count; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const DASH = 45;
const COLON = 58;

/**
 * An ISO 8601 date or date-time, as the spec's lastModified asks: `YYYY-MM-DD`, then
 * optionally `T` (or a space) `hh:mm`, `:ss`, a fraction, and `Z` or an offset `±hh[:]mm`.
 * Every field is range-checked, February 30 included. Scanned by hand: at 100,000 resources a
 * regular expression and Date.parse per timestamp were the costliest part of checking a page.
 */
export function isIsoTimestamp(text: string): boolean {
  const length = text.length;
  if (length < 10 || length > 40) return false;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  if (
    year < 0 ||
    text.charCodeAt(4) !== DASH ||
    month < 1 ||
    month > 12 ||
    text.charCodeAt(7) !== DASH ||
    day < 1 ||
    day > daysIn(year, month)
  )
    return false;
  if (length === 10) return true;
  const separator = text[10];
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  if (
    (separator !== 'T' && separator !== ' ') ||
    hour < 0 ||
    text.charCodeAt(13) !== COLON ||
    minute < 0 ||
    minute > 59
  )
    return false;
  let at = 16;
  let second = 0;
  let fraction = 0;
  if (text.charCodeAt(at) === COLON) {
    second = digitsAt(text, at + 1, 2);
    if (second < 0 || second > 59) return false;
    at += 3;
    if (text[at] === '.') {
      const start = (at += 1);
      while (at < length && digitsAt(text, at, 1) >= 0) {
        if (text.charCodeAt(at) !== 48) fraction = 1;
        at += 1;
      }
      if (at === start) return false;
    }
  }
  // 24:00 is the end of a day, and nothing later.
  if (hour > 24 || (hour === 24 && (minute > 0 || second > 0 || fraction > 0))) return false;
  if (at === length) return true;
  if (text[at] === 'Z') return at + 1 === length;
  const sign = text[at];
  if (sign !== '+' && sign !== '-') return false;
  const offsetHours = digitsAt(text, at + 1, 2);
  const colon = text.charCodeAt(at + 3) === COLON ? 1 : 0;
  const offsetMinutes = digitsAt(text, at + 3 + colon, 2);
  return (
    offsetHours >= 0 &&
    offsetHours <= 23 &&
    offsetMinutes >= 0 &&
    offsetMinutes <= 59 &&
    at + 5 + colon === length
  );
}

type Role = 'user' | 'assistant';
// The only audiences there are, shared by every entry: at 100,000 resources an array each was
// 100,000 more objects to keep. Frozen, so a change to one would throw rather than spread.
const AUDIENCES = {
  none: Object.freeze([]) as unknown as Role[],
  user: Object.freeze(['user']) as unknown as Role[],
  assistant: Object.freeze(['assistant']) as unknown as Role[],
  userFirst: Object.freeze(['user', 'assistant']) as unknown as Role[],
  assistantFirst: Object.freeze(['assistant', 'user']) as unknown as Role[],
};

/**
 * The audience's roles, each once in the order first given, or undefined when it holds anything
 * else.
 */
function checkAudience(audience: unknown): Role[] | undefined {
  if (!Array.isArray(audience)) return undefined;
  let user = false;
  let assistant = false;
  for (const role of audience) {
    if (role === 'user') user = true;
    else if (role === 'assistant') assistant = true;
    else return undefined;
  }
  if (user && assistant)
    return audience[0] === 'user' ? AUDIENCES.userFirst : AUDIENCES.assistantFirst;
  return user ? AUDIENCES.user : assistant ? AUDIENCES.assistant : AUDIENCES.none;
}

/** Checks annotations; an invalid member counts as absent, with a problem. */
export function checkAnnotations(value: unknown, problems: string[]): Annotations | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    problems.push(`annotations is ${describe(value)}, not an object; ignored`);
    return undefined;
  }
  const result: Annotations = {};
  let kept = false;
  const { audience, priority, lastModified } = value;
  if (audience !== undefined) {
    const roles = checkAudience(audience);
    if (roles) {
      result.audience = roles;
      kept = true;
    } else {
      problems.push(
        `audience ${JSON.stringify(audience)?.slice(0, 80)} is not a list of "user" and "assistant"; treated as absent`,
      );
    }
  }
  if (priority !== undefined) {
    if (typeof priority === 'number' && priority >= 0 && priority <= 1) {
      result.priority = priority;
      kept = true;
    } else {
      problems.push(
        `priority ${describe(priority)} is not a number from 0 to 1; treated as absent`,
      );
    }
  }
  if (lastModified !== undefined) {
    if (typeof lastModified === 'string' && isIsoTimestamp(lastModified)) {
      result.lastModified = lastModified;
      kept = true;
    } else {
      problems.push(
        `lastModified ${describe(lastModified)} is not an ISO 8601 timestamp; treated as absent`,
      );
    }
  }
  return kept ? result : undefined;
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
    if (Array.isArray(icon.sizes))
      kept.sizes = icon.sizes.filter((s): s is string => typeof s === 'string').slice(0, 16);
    if (icon.theme === 'light' || icon.theme === 'dark') kept.theme = icon.theme;
    icons.push(kept);
  }
  return icons.length > 0 ? icons : undefined;
}

/** `_meta` when it is an object; anything else is dropped with a problem. */
function checkMeta(raw: Raw, problems: string[]): Record<string, unknown> | undefined {
  if (raw._meta === undefined) return undefined;
  if (isRecord(raw._meta)) return raw._meta;
  problems.push(`_meta is ${describe(raw._meta)}, not an object; ignored`);
  return undefined;
}

/** Checks the fields resources and templates share, and sets the valid ones on `entry`. */
function addCommon(
  entry: Omit<TemplateEntry, 'serverId' | 'uriTemplate' | 'name'>,
  raw: Raw,
  problems: string[],
): void {
  const title = boundedString(raw, 'title', MAX_NAME_LENGTH, problems);
  if (title !== undefined) entry.title = title;
  const description = boundedString(raw, 'description', MAX_DESCRIPTION_LENGTH, problems);
  if (description !== undefined) entry.description = description;
  const mimeType = boundedString(raw, 'mimeType', 200, problems);
  if (mimeType !== undefined) entry.mimeType = mimeType;
  const icons = checkIcons(raw.icons, problems);
  if (icons) entry.icons = icons;
  const annotations = checkAnnotations(raw.annotations, problems);
  if (annotations) entry.annotations = annotations;
  const meta = checkMeta(raw, problems);
  if (meta) entry._meta = meta;
}

function requiredString(raw: Raw, field: string, max: number): string | { reason: string } {
  const value = raw[field];
  if (value === undefined) return { reason: `it has no ${field}` };
  if (typeof value !== 'string')
    return { reason: `its ${field} is ${describe(value)}, not a string` };
  if (value.length === 0) return { reason: `its ${field} is empty` };
  if (value.length > max)
    return { reason: `its ${field} is ${value.length.toLocaleString('en-US')} characters long` };
  return value;
}

/**
 * Checks one item of a `resources/list` page. With `interner` (one per listing), repeated values
 * are shared with the entries before it. Every entry has the same shape, each field in the
 * object itself, an absent one undefined: built field by field, 100,000 entries took a property
 * array each beside the object (6 MB). JSON drops the undefined fields, so nothing shown changes.
 */
export function checkResource(
  serverId: ServerId,
  raw: unknown,
  interner?: EntryInterner,
): ItemCheck<ResourceEntry> {
  if (!isRecord(raw)) return { problems: [`the item is ${describe(raw)}, not an object`] };
  const uri = requiredString(raw, 'uri', MAX_URI_LENGTH);
  if (typeof uri !== 'string') return { problems: [uri.reason] };
  const name = requiredString(raw, 'name', Number.POSITIVE_INFINITY);
  if (typeof name !== 'string') return { problems: [name.reason] };
  const problems: string[] = [];
  // Checked in the order the fields are written, so problems are said in that order too.
  const shownName = boundedString(raw, 'name', MAX_NAME_LENGTH, problems) ?? name;
  const title = boundedString(raw, 'title', MAX_NAME_LENGTH, problems);
  const description = boundedString(raw, 'description', MAX_DESCRIPTION_LENGTH, problems);
  const mimeType = boundedString(raw, 'mimeType', 200, problems);
  const icons = checkIcons(raw.icons, problems);
  const annotations = checkAnnotations(raw.annotations, problems);
  const meta = checkMeta(raw, problems);
  let size: number | undefined;
  if (raw.size !== undefined) {
    if (typeof raw.size === 'number' && Number.isSafeInteger(raw.size) && raw.size >= 0)
      size = raw.size;
    else problems.push(`size ${describe(raw.size)} is not a whole number of bytes; ignored`);
  }
  const entry: ResourceEntry = {
    serverId,
    uri,
    name: shownName,
    title,
    description,
    mimeType: mimeType !== undefined && interner ? interner.string(mimeType) : mimeType,
    icons,
    annotations: annotations && interner ? interner.annotations(annotations) : annotations,
    _meta: meta,
    size,
  };
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
  const entry: TemplateEntry = {
    serverId,
    uriTemplate,
    name: boundedString(raw, 'name', MAX_NAME_LENGTH, problems) ?? name,
  };
  addCommon(entry, raw, problems);
  return { entry, problems };
}
