import { memo } from 'react';
import type { Icon } from '../../../shared/mcp-types';
import type { CatalogNodeKind } from '../../../shared/catalog/tree-types';
import { safeIconSource } from './icon-source';
import { KindGlyph } from './kind-glyph';

interface ResourceIconProps {
  kind: CatalogNodeKind;
  icons?: readonly Icon[];
  mimeType?: string;
  theme: 'light' | 'dark';
}

/** A row's icon: the server's own when it is a safe data: image, else our glyph for the kind. */
export const ResourceIcon = memo(function ResourceIcon({
  kind,
  icons,
  mimeType,
  theme,
}: ResourceIconProps) {
  const src = safeIconSource(icons, theme);
  if (src)
    return (
      <img
        className="row-icon"
        src={src}
        width={16}
        height={16}
        alt=""
        draggable={false}
        referrerPolicy="no-referrer"
      />
    );
  return (
    <KindGlyph kind={kind === 'resource' && mimeType?.startsWith('image/') ? 'image' : kind} />
  );
});
