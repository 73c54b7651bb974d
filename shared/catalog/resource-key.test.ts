import { describe, expect, it } from 'vitest';
import { parseResourceKey, resourceKeyString } from './resource-key';

describe('parseResourceKey', () => {
  it('gives back the key resourceKeyString made, whatever characters either part holds', () => {
    const key = { serverId: 's"1\\', uri: 'file:///a "b",c]/\u0000\u2028' };
    expect(parseResourceKey(resourceKeyString(key))).toEqual(key);
  });

  it.each([
    '',
    'not json',
    '"s1"',
    '["s1"]',
    '["s1","u",""]',
    '[1,"u"]',
    '{"serverId":"s1","uri":"u"}',
    'null',
  ])('refuses %j, naming it', (text) => {
    expect(() => parseResourceKey(text)).toThrow(`Not a resource key: ${JSON.stringify(text)}`);
  });
});
