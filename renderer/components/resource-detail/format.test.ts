import { describe, expect, it } from 'vitest';
import { formatBytes, formatRelative } from './format';

describe('formatBytes', () => {
  it('uses binary units above a KiB', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MiB');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  it('says how long ago or ahead', () => {
    expect(formatRelative('2026-01-07T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('2026-01-10T14:00:00Z', now)).toBe('in 2 hours');
  });
  it('refuses what is not a date', () => {
    expect(formatRelative('yesterday-ish', now)).toBeNull();
  });
});
