import { describe, expect, it } from 'vitest';
import { clampColumns, DEFAULT_COLUMNS, loadColumns } from './column-sizes';

describe('column sizes', () => {
  it('keeps the detail column from being squeezed out', () => {
    const sizes = clampColumns({ left: 45, middle: 60 });
    expect(100 - sizes.left - sizes.middle).toBeGreaterThanOrEqual(20);
  });

  it('falls back to the defaults for missing or foreign data', () => {
    expect(loadColumns(null)).toEqual(DEFAULT_COLUMNS);
    expect(loadColumns({ getItem: () => '{not json' })).toEqual(DEFAULT_COLUMNS);
    expect(loadColumns({ getItem: () => '{"left":"wide"}' })).toEqual(DEFAULT_COLUMNS);
    expect(loadColumns({ getItem: () => '{"left":30,"middle":30}' })).toEqual({
      left: 30,
      middle: 30,
    });
  });
});
