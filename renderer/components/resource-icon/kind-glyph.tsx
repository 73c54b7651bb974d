import type { CatalogNodeKind } from '../../../shared/catalog/tree-types';

/** Our own glyphs, one per kind of row (and a picture glyph for image resources). */
const PATHS: Record<CatalogNodeKind | 'image', string> = {
  server: 'M2 3h12v4H2zM2 9h12v4H2zM4 5h1M4 11h1',
  folder: 'M1.5 4.5h5l1.5 1.5h6.5v7h-13z',
  resource: 'M3.5 1.5h6l3 3v10h-9zM9.5 1.5v3h3',
  templates: 'M2.5 2.5h11v11h-11zM5 6h6M5 9h4',
  template:
    'M5 2.5C3.5 2.5 4 7 2.5 8 4 9 3.5 13.5 5 13.5M11 2.5c1.5 0 1 4.5 2.5 5.5-1.5 1-1 5.5-2.5 5.5',
  more: 'M3.5 8h.01M8 8h.01M12.5 8h.01',
  image: 'M2.5 2.5h11v11h-11zM2.5 11l3.5-3.5 3 3 2-2 2.5 2.5M10.5 6.2a.7.7 0 1 0 0-.1',
};

export function KindGlyph({ kind }: { kind: CatalogNodeKind | 'image' }) {
  return (
    <svg
      className={`kind-glyph glyph-${kind}`}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={PATHS[kind]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
