import { describe, expect, it } from 'vitest';
import { readErrorHeadline } from './read-error';

describe('readErrorHeadline', () => {
  it('says what happened for the codes a read fails with', () => {
    expect(readErrorHeadline('unknown-resource')).toBe('The server does not know this resource');
    expect(readErrorHeadline('timeout')).toBe('The server did not answer in time');
    expect(readErrorHeadline('disconnected')).toBe('The server is gone');
    expect(readErrorHeadline('something-new')).toBe('Could not read the resource');
  });
});
