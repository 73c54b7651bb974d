/**
 * The auto-include rank: how the signals a resource offers combine into one score, and the
 * words that name them in a decision's reason. Every signal is optional, because real servers
 * set few annotations or none: an absent one is unknown, never the worst value.
 * docs/CURATION.md explains the weights.
 */
import type { FocusMatch } from './focus';
import { queryTerms } from './focus-words';

/** What the rank reads of one resource; all of it comes from the catalog, never from reads. */
export interface RankInput {
  /** A stated priority, 0 to 1. */
  priority: number | undefined;
  /** lastModified, in milliseconds since the epoch. */
  time: number | undefined;
  /** Declared size in bytes. */
  size: number | undefined;
  mimeType: string | undefined;
  /** How it matched the focus, when there is a focus and it matched. */
  focus: FocusMatch | undefined;
  /** The stated audience. */
  audience?: readonly string[] | undefined;
}

export interface RankSettings {
  /** The focus text; empty or absent, no focus. */
  focus?: string;
  /** Whose resources are kept: "assistant" leaves out what is stated for the user only. */
  audience?: 'assistant' | 'any';
  halfLifeDays?: number;
  budget: number;
}

/** What an unknown priority counts as: the middle, so a stated one can rank above or below it. */
export const UNKNOWN_PRIORITY = 0.5;
/** What an unknown age counts as, with a half-life: one half-life old. */
const UNKNOWN_RECENCY = 0.5;
/** A resource may take this share of the budget before its size lowers its rank. */
const FIT_SHARE = 0.25;
/** Binary content is left out of the text context: ranked low, so it is not read for nothing. */
const BINARY_FACTOR = 0.25;
/** Bytes per token of a declared size; the same rule of thumb as the policy's estimate. */
const BYTES_PER_TOKEN = 4;
const DAY_MS = 86_400_000;

/**
 * How much each signal weighs, with a focus and without one. They add up to 1. Recency is not
 * a weight: with a half-life it scales the whole score, so age halves it every half-life.
 */
const WEIGHTS = {
  focused: { focus: 0.65, priority: 0.25, fit: 0.1 },
  unfocused: { focus: 0, priority: 0.8, fit: 0.2 },
} as const;

// A catalog names few MIME types, and each is asked about once per resource per run.
const binaryTypes = new Map<string, boolean>();

/**
 * MIME types whose content is text the context can carry; anything else that is named is binary.
 */
export function isBinaryType(mimeType: string | undefined): boolean {
  if (mimeType === undefined) return false;
  let binary = binaryTypes.get(mimeType);
  if (binary === undefined) {
    binary = binaryByName(mimeType);
    if (binaryTypes.size < 10_000) binaryTypes.set(mimeType, binary);
  }
  return binary;
}

/**
 * Binary by its name: images, sound, video, fonts and 3D models, and the application types that
 * are archives, executables or office documents. Any other application type (x-python, rtf,
 * x-tex, a vendor's JSON) is not called binary: an unknown type ranks as unknown, not low.
 */
function binaryByName(mimeType: string): boolean {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (/^(image|audio|video|font|model)\//.test(type)) return !type.startsWith('image/svg');
  if (!type.startsWith('application/') || /[+](json|xml|yaml)$/.test(type)) return false;
  const sub = type.slice('application/'.length);
  return (
    BINARY_APPLICATION.has(sub) ||
    /^(x-)?(zip|gzip|bzip2|xz|7z|rar|tar|msdownload|executable|sharedlib)/.test(sub) ||
    /^vnd\.(ms-|openxmlformats|oasis|apple\.)/.test(sub)
  );
}

const BINARY_APPLICATION = new Set([
  'octet-stream',
  'pdf',
  'wasm',
  'java-archive',
  'x-iso9660-image',
  'x-sqlite3',
  'vnd.sqlite3',
  'x-protobuf',
  'protobuf',
  'x-msgpack',
  'msgpack',
  'cbor',
  'x-bson',
  'ogg',
  'x-shockwave-flash',
  'x-apple-diskimage',
  'epub+zip',
]);

// Asked once per resource scored (30,000 a keystroke at 100,000): the last answer is kept.
let lastFocus: { focus: string | undefined; has: boolean } = { focus: undefined, has: false };

/**
 * True when the focus has words to rank by: a focus of stop words alone ("the") is no focus,
 * and leaves the context as it was without one.
 */
export function hasFocus(settings: { focus?: string | undefined }): boolean {
  if (settings.focus !== lastFocus.focus)
    lastFocus = { focus: settings.focus, has: queryTerms(settings.focus ?? '').length > 0 };
  return lastFocus.has;
}

/**
 * The score auto-include ranks by, higher first, before a focus match: a match adds
 * `focusWeight × match × rankFactor` to it, so a ranking by focus adds to a score made once
 * per settings. `now` matters only with a half-life.
 */
export function rankScoreWithoutFocus(
  input: RankInput,
  settings: RankSettings,
  now: number,
): number {
  const weights = hasFocus(settings) ? WEIGHTS.focused : WEIGHTS.unfocused;
  const priority = input.priority ?? UNKNOWN_PRIORITY;
  const score = weights.priority * priority + weights.fit * fitOf(input, settings);
  return score * rankFactor(input, settings, now);
}

/** How much a focus match counts in the score: none without a focus. */
export function focusWeight(settings: RankSettings): number {
  return hasFocus(settings) ? WEIGHTS.focused.focus : 0;
}

/**
 * What every part of the score is multiplied by: its recency (with a half-life; without one,
 * age only breaks ties) and a low factor for binary content.
 */
export function rankFactor(input: RankInput, settings: RankSettings, now: number): number {
  let recency = 1;
  if (settings.halfLifeDays)
    recency =
      input.time === undefined
        ? UNKNOWN_RECENCY
        : 0.5 ** (Math.max(0, (now - input.time) / DAY_MS) / settings.halfLifeDays);
  return recency * (isBinaryType(input.mimeType) ? BINARY_FACTOR : 1);
}

/** 1 while its declared size is within a quarter of the budget, then less as it grows. */
function fitOf(input: RankInput, settings: RankSettings): number {
  if (input.size === undefined || settings.budget <= 0) return 1;
  const tokens = input.size / BYTES_PER_TOKEN;
  return Math.min(1, (FIT_SHARE * settings.budget) / Math.max(1, tokens));
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const FIELD_NAMES = {
  title: 'the title',
  name: 'the name',
  description: 'the description',
  uri: 'the URI',
  content: 'the content',
} as const;

/**
 * The signals that placed a resource, for its reason: the focus, its priority, its recency and
 * what lowered it. E.g. `focus matched "database credentials" in the title; no priority set`.
 */
export function signalText(
  input: RankInput,
  settings: RankSettings,
  threshold: number,
  now: number,
): string {
  const parts: string[] = [];
  if (hasFocus(settings)) {
    parts.push(
      input.focus && input.focus.words.length > 0
        ? `focus matched "${input.focus.words.join(' ')}" in ${listed(input.focus.fields.map((field) => FIELD_NAMES[field]))}`
        : 'focus did not match',
    );
  }
  parts.push(
    input.priority === undefined
      ? 'no priority set'
      : input.priority >= threshold
        ? `priority ${input.priority} ≥ ${threshold}`
        : `priority ${input.priority}, below ${threshold} but relevant to the focus`,
  );
  if (
    settings.audience === 'assistant' &&
    input.audience !== undefined &&
    !input.audience.includes('assistant')
  )
    parts.push(`audience is ${input.audience.join(' and ')}, but relevant to the focus`);
  if (settings.halfLifeDays && input.time !== undefined)
    parts.push(`modified ${ageText(now - input.time)}`);
  if (fitOf(input, settings) < 1) parts.push('large for the budget, ranked lower');
  if (isBinaryType(input.mimeType)) parts.push(`${input.mimeType} is binary, ranked low`);
  return parts.join('; ');
}

function ageText(ms: number): string {
  const days = Math.floor(Math.max(0, ms) / DAY_MS);
  if (days === 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
