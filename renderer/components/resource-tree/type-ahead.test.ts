import { describe, expect, it } from 'vitest';
import { typeAheadIndex } from './type-ahead';

const labels = ['Demo', 'docs://lumen', 'guides', 'Getting started', 'Glossary', 'db://lumen'];

describe('typeAheadIndex', () => {
  it('finds the next row after the focused one, wrapping at the end', () => {
    expect(typeAheadIndex(labels, 0, 'g')).toBe(2);
    expect(typeAheadIndex(labels, 2, 'g')).toBe(3);
    expect(typeAheadIndex(labels, 5, 'd')).toBe(0);
  });

  it('narrows with more letters, keeping the focused row when it still fits', () => {
    expect(typeAheadIndex(labels, 2, 'gl')).toBe(4);
    expect(typeAheadIndex(labels, 3, 'ge')).toBe(3);
  });

  it('cycles on a repeated letter and gives -1 when nothing fits', () => {
    expect(typeAheadIndex(labels, 3, 'gg')).toBe(4);
    expect(typeAheadIndex(labels, 0, 'zz')).toBe(-1);
  });
});
