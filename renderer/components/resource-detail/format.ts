/**
 * Formatting of sizes and times for the detail pane. Pure; `now` is passed in so tests need no
 * clock.
 */

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1536 → "1.5 KiB"; below 1 KiB the exact count. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `${bytes} bytes`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  return `${value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** An ISO timestamp as "3 days ago" / "in 2 hours"; null when it does not parse. */
export function formatRelative(iso: string, now: number): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const seconds = Math.round((time - now) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size || unit === 'second')
      return format.format(Math.round(seconds / size), unit);
  }
  return null;
}
