import { describe, expect, it } from 'vitest';
import { isSearchShortcut } from './search-shortcut';

const plain = { ctrlKey: false, metaKey: false, altKey: false, inTextField: false };

describe('isSearchShortcut', () => {
  it('takes "/" outside text fields, and Ctrl+F or Cmd+F anywhere', () => {
    expect(isSearchShortcut({ ...plain, key: '/' })).toBe(true);
    expect(isSearchShortcut({ ...plain, key: '/', inTextField: true })).toBe(false);
    expect(isSearchShortcut({ ...plain, key: 'f', ctrlKey: true, inTextField: true })).toBe(true);
    expect(isSearchShortcut({ ...plain, key: 'f', metaKey: true })).toBe(true);
  });

  it('leaves other keys alone', () => {
    expect(isSearchShortcut({ ...plain, key: 'f' })).toBe(false);
    expect(isSearchShortcut({ ...plain, key: 'f', ctrlKey: true, altKey: true })).toBe(false);
  });
});
