/** A clock time to the millisecond, as the trace and the timeline show it. */
export function clockTime(ms: number): string {
  const date = new Date(ms);
  return `${date.toLocaleTimeString('en-GB')}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}
