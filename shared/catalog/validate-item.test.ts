import { describe, expect, it } from 'vitest';
import { checkAnnotations, checkResource, isIsoTimestamp, MAX_NAME_LENGTH } from './validate-item';

describe('checkResource', () => {
  it('keeps every valid field', () => {
    const { entry, problems } = checkResource('s', {
      uri: 'docs://a',
      name: 'a',
      title: 'A',
      description: 'd',
      mimeType: 'text/markdown',
      size: 12,
      icons: [{ src: 'data:image/png;base64,AAAA', mimeType: 'image/png', sizes: ['16x16'] }],
      annotations: {
        audience: ['user', 'assistant'],
        priority: 1,
        lastModified: '2026-10-01T12:00:00Z',
      },
      _meta: { k: 1 },
    });
    expect(problems).toEqual([]);
    expect(entry).toMatchObject({
      serverId: 's',
      uri: 'docs://a',
      size: 12,
      annotations: { audience: ['user', 'assistant'], priority: 1 },
    });
    expect(entry?.icons?.[0]?.sizes).toEqual(['16x16']);
  });

  it('treats invalid annotations as absent, each with its own problem', () => {
    const { entry, problems } = checkResource('s', {
      uri: 'docs://a',
      name: 'a',
      annotations: { priority: 1.7, audience: ['bot'], lastModified: 'last tuesday' },
    });
    expect(entry?.annotations).toBeUndefined();
    expect(problems).toEqual([
      'audience ["bot"] is not a list of "user" and "assistant"; treated as absent',
      'priority number 1.7 is not a number from 0 to 1; treated as absent',
      'lastModified "last tuesday" is not an ISO 8601 timestamp; treated as absent',
    ]);
  });

  it('keeps priority 0 and 1 exactly', () => {
    expect(
      checkResource('s', { uri: 'a://', name: 'a', annotations: { priority: 0 } }).entry
        ?.annotations,
    ).toEqual({ priority: 0 });
    expect(
      checkResource('s', { uri: 'a://', name: 'a', annotations: { priority: 1 } }).entry
        ?.annotations,
    ).toEqual({ priority: 1 });
  });

  it('cuts a 200 KB name and says so', () => {
    const { entry, problems } = checkResource('s', { uri: 'a://x', name: 'n'.repeat(200_000) });
    expect(entry?.name).toHaveLength(MAX_NAME_LENGTH);
    expect(problems[0]).toContain('200,000 characters');
  });

  it('drops a wrongly typed optional field but keeps the resource', () => {
    const { entry, problems } = checkResource('s', {
      uri: 'a://x',
      name: 'x',
      title: 5,
      size: -1,
      mimeType: ['x'],
    });
    expect(entry).toEqual({ serverId: 's', uri: 'a://x', name: 'x' });
    expect(problems).toHaveLength(3);
  });

  it('keeps script in strings as inert data', () => {
    const name = '<script>alert(1)</script>';
    expect(checkResource('s', { uri: 'a://x', name }).entry?.name).toBe(name);
  });
});

describe('isIsoTimestamp', () => {
  it('accepts ISO 8601 dates and date-times, with or without seconds, fractions and offsets', () => {
    for (const text of [
      '2026-10-01',
      '2026-10-01T12:00Z',
      '2026-10-01T12:00:00Z',
      '2026-10-01T12:00:00.123456789Z',
      '2026-10-01 12:00:00',
      '2026-10-01T12:00:00+02:00',
      '2026-10-01T12:00-0530',
      '2024-02-29T00:00:00Z',
      '2026-10-01T24:00:00Z',
    ]) {
      expect(isIsoTimestamp(text), text).toBe(true);
      expect(Number.isNaN(Date.parse(text)), text).toBe(false);
    }
  });

  it('refuses what is not one, or names a day or time that does not exist', () => {
    for (const text of [
      'last tuesday',
      '2026-1-01',
      '2026-13-01',
      '2026-00-10',
      '2026-02-29',
      '2026-04-31',
      '2026-10-01T',
      '2026-10-01T25:00Z',
      '2026-10-01T24:30Z',
      '2026-10-01T12:60Z',
      '2026-10-01T12:00:60Z',
      '2026-10-01T12:00:00.Z',
      '2026-10-01T12:00:00+2',
      '2026-10-01T12:00:00+24:00',
      '2026-10-01T12:00:00Zjunk',
      '２０２６-10-01',
      `2026-10-01T12:00:00.${'1'.repeat(40)}Z`,
    ]) {
      expect(isIsoTimestamp(text), text).toBe(false);
    }
  });
});

describe('isIsoTimestamp against Date.parse', () => {
  it('accepts only what Date.parse reads, over 20,000 generated strings near the format', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const two = (max: number) => String(next(max)).padStart(2, '0');
    let accepted = 0;
    for (let i = 0; i < 20_000; i += 1) {
      let text = `${String(1900 + next(300)).padStart(4, '0')}-${two(14)}-${two(33)}`;
      if (next(4) > 0) text += `${['T', ' ', 't'][next(3)]}${two(26)}:${two(62)}`;
      if (next(2) > 0) text += `:${two(62)}${next(3) === 0 ? `.${next(1_000_000)}` : ''}`;
      const zone = next(4);
      if (zone === 1) text += 'Z';
      if (zone === 2) text += `${next(2) ? '+' : '-'}${two(25)}${next(2) ? ':' : ''}${two(61)}`;
      if (isIsoTimestamp(text)) {
        accepted += 1;
        expect(Number.isNaN(Date.parse(text)), text).toBe(false);
      }
    }
    // The generator reaches both sides of the line.
    expect(accepted).toBeGreaterThan(2_000);
    expect(accepted).toBeLessThan(18_000);
  });
});

describe('checkAnnotations', () => {
  it('keeps each audience role once, in the order first given', () => {
    expect(checkAnnotations({ audience: ['assistant', 'user', 'assistant'] }, [])).toEqual({
      audience: ['assistant', 'user'],
    });
    expect(checkAnnotations({ audience: ['user', 'user'] }, [])).toEqual({ audience: ['user'] });
    expect(checkAnnotations({ audience: [] }, [])).toEqual({ audience: [] });
  });

  it('refuses a priority that is not a finite number from 0 to 1', () => {
    for (const priority of [Number.NaN, Number.POSITIVE_INFINITY, -0.1, 1.01, '0.5']) {
      const problems: string[] = [];
      expect(checkAnnotations({ priority }, problems)).toBeUndefined();
      expect(problems).toHaveLength(1);
    }
  });
});
