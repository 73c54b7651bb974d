/** A count with its noun, agreeing: "1 resource", "2 resources", "1,000 lines". Imports nothing. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
