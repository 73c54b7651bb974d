/**
 * The three columns' widths, as percentages of the window so a layout made on a laptop still fits a
 * wide monitor.
 */

export interface ColumnSizes {
  /** The servers column. */
  left: number;
  /** The catalog column; the detail column takes what is left. */
  middle: number;
}

export const DEFAULT_COLUMNS: ColumnSizes = { left: 24, middle: 34 };
export const COLUMN_LIMITS = {
  left: { min: 14, max: 45 },
  middle: { min: 18, max: 60 },
  /** The detail column never gets narrower than this. */
  detailMin: 20,
};
const STORAGE_KEY = 'mcp-context-inspector.columns';

export function clampColumns(sizes: ColumnSizes): ColumnSizes {
  const left = clamp(sizes.left, COLUMN_LIMITS.left.min, COLUMN_LIMITS.left.max);
  const middleMax = Math.min(COLUMN_LIMITS.middle.max, 100 - COLUMN_LIMITS.detailMin - left);
  const middle = clamp(sizes.middle, COLUMN_LIMITS.middle.min, middleMax);
  return { left: round(left), middle: round(middle) };
}

/** Sizes saved earlier, or the defaults when there are none or they are not ours. */
export function loadColumns(storage: Pick<Storage, 'getItem'> | null): ColumnSizes {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (typeof parsed === 'object' && parsed !== null) {
      const { left, middle } = parsed as Record<string, unknown>;
      if (
        typeof left === 'number' &&
        typeof middle === 'number' &&
        Number.isFinite(left) &&
        Number.isFinite(middle)
      ) {
        return clampColumns({ left, middle });
      }
    }
  } catch {
    // Corrupt or blocked storage: the defaults are a fine answer.
  }
  return DEFAULT_COLUMNS;
}

export function saveColumns(storage: Pick<Storage, 'setItem'> | null, sizes: ColumnSizes): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(sizes));
  } catch {
    // Storage full or disabled: sizes just do not persist.
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
