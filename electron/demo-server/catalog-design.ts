// Lumen's design tokens (W3C Design Tokens format, one token per file) and brand images.
import type { Icon } from '@modelcontextprotocol/server';
import {
  blobEntry,
  textEntry,
  toBase64,
  type CatalogAnnotations,
  type CatalogContext,
  type CatalogEntry,
} from './catalog-entry';
import { discPainter, encodePng, type Rgba } from './png';

type TokenType = 'color' | 'dimension' | 'typography' | 'shadow' | 'duration';

interface TokenGroup {
  group: string;
  type: TokenType;
  /** How the group is annotated; several shapes on purpose, so clients show every variant. */
  annotate: (lastModified: string, token: string) => CatalogAnnotations | undefined;
  tokens: [name: string, value: unknown, dark: unknown, description: string][];
}

const TOKEN_GROUPS: TokenGroup[] = [
  {
    group: 'color',
    type: 'color',
    annotate: (lastModified, token) => ({
      audience: ['user', 'assistant'],
      priority: token === 'primary' ? 0.7 : 0.5,
      lastModified,
    }),
    tokens: [
      ['primary', '#5b5bd6', '#8b8bf0', 'Buttons, links and the focus ring.'],
      ['primary-hover', '#4a4ac4', '#a1a1f5', 'Primary colour under the pointer.'],
      ['background', '#ffffff', '#111113', 'Window background.'],
      ['surface', '#f7f7f8', '#1b1b1f', 'Cards, the sidebar and popovers.'],
      ['text', '#1c1c21', '#ececf1', 'Body text; 15.8:1 contrast on background.'],
      ['text-muted', '#6b6b76', '#9d9da8', 'Secondary text; 5.1:1 contrast on background.'],
      ['border', '#e3e3e8', '#2e2e35', 'Dividers and input borders.'],
      ['accent', '#f5a524', '#f7b955', 'Highlights and the Lumen spark.'],
      ['danger', '#d93d42', '#f16a6e', 'Destructive actions and errors.'],
      ['success', '#2f9e62', '#4cc38a', 'Sync complete, saved.'],
    ],
  },
  {
    group: 'spacing',
    type: 'dimension',
    annotate: (lastModified) => ({ audience: ['assistant'], priority: 0.25, lastModified }),
    tokens: [
      ['xxs', '2px', '2px', 'Icon to label.'],
      ['xs', '4px', '4px', 'Inside compact controls.'],
      ['sm', '8px', '8px', 'Between related items.'],
      ['md', '12px', '12px', 'Default gap.'],
      ['lg', '16px', '16px', 'Between groups.'],
      ['xl', '24px', '24px', 'Page gutters.'],
    ],
  },
  {
    group: 'typography',
    type: 'typography',
    annotate: (lastModified) => ({ priority: 0.35, lastModified }),
    tokens: [
      [
        'body',
        { fontFamily: 'Inter', fontSize: '15px', fontWeight: 400, lineHeight: 1.6 },
        null,
        'Note body text.',
      ],
      [
        'heading',
        { fontFamily: 'Inter Display', fontSize: '24px', fontWeight: 650, lineHeight: 1.25 },
        null,
        'Note titles and H1.',
      ],
      [
        'mono',
        { fontFamily: 'JetBrains Mono', fontSize: '13.5px', fontWeight: 400, lineHeight: 1.5 },
        null,
        'Code blocks and inline code.',
      ],
      [
        'caption',
        { fontFamily: 'Inter', fontSize: '12px', fontWeight: 500, lineHeight: 1.4 },
        null,
        'Timestamps and metadata.',
      ],
    ],
  },
  {
    // Radii carry no annotations at all: clients must cope with a bare resource.
    group: 'radius',
    type: 'dimension',
    annotate: () => undefined,
    tokens: [
      ['sm', '4px', '4px', 'Inputs and tags.'],
      ['md', '8px', '8px', 'Cards and menus.'],
      ['lg', '14px', '14px', 'Dialogs.'],
    ],
  },
  {
    group: 'shadow',
    type: 'shadow',
    annotate: (lastModified) => ({ lastModified }),
    tokens: [
      [
        'low',
        { offsetX: '0px', offsetY: '1px', blur: '2px', spread: '0px', color: '#0000001f' },
        { offsetX: '0px', offsetY: '1px', blur: '2px', spread: '0px', color: '#00000066' },
        'Cards at rest.',
      ],
      [
        'high',
        { offsetX: '0px', offsetY: '8px', blur: '24px', spread: '-4px', color: '#00000033' },
        { offsetX: '0px', offsetY: '8px', blur: '24px', spread: '-4px', color: '#00000099' },
        'Menus and dialogs.',
      ],
    ],
  },
  {
    group: 'motion',
    type: 'duration',
    annotate: (lastModified) => ({ audience: ['user'], priority: 0.15, lastModified }),
    tokens: [
      ['fast', '120ms', '120ms', 'Hover and press.'],
      ['standard', '200ms', '200ms', 'Panels opening.'],
      ['slow', '320ms', '320ms', 'Page transitions; skipped when reduced motion is on.'],
    ],
  },
];

/** A 16×16 PNG disc as an MCP icon, inline as a `data:` URL so it needs no network. */
export function smallIcon(inner: Rgba, outer: Rgba): Icon {
  return {
    src: `data:image/png;base64,${toBase64(encodePng(16, 16, discPainter(16, inner, outer)))}`,
    mimeType: 'image/png',
    sizes: ['16x16'],
  };
}

function tokenJson(
  group: TokenGroup,
  [name, value, dark, description]: TokenGroup['tokens'][number],
): string {
  const token = {
    [group.group]: {
      [name]: {
        $type: group.type,
        $value: value,
        $description: description,
        ...(dark !== null && dark !== value && { $extensions: { 'app.lumen.modes': { dark } } }),
      },
    },
  };
  return `${JSON.stringify(token, null, 2)}\n`;
}

/**
 * Design tokens under `design://tokens/<group>/<token>.json`, plus the logo and app icon as PNG.
 */
export function designEntries(context: CatalogContext): CatalogEntry[] {
  const tokens = TOKEN_GROUPS.flatMap((group) =>
    group.tokens.map((token) => {
      const annotations = group.annotate(context.daysAgo(context.integer(20, 160)), token[0]);
      return textEntry(
        {
          uri: `design://tokens/${group.group}/${token[0]}.json`,
          name: `${group.group}.${token[0]}`,
          title: `${group.group[0]!.toUpperCase()}${group.group.slice(1)} / ${token[0]}`,
          description: token[3],
          mimeType: 'application/json',
          ...(annotations && { annotations }),
        },
        tokenJson(group, token),
      );
    }),
  );
  const brandIcon = smallIcon([255, 214, 102, 255], [91, 91, 214, 255]);
  return [
    ...tokens,
    blobEntry(
      {
        uri: 'design://assets/logo.png',
        name: 'logo.png',
        title: 'Lumen logo',
        description: 'The Lumen mark, 64×64, for light and dark backgrounds.',
        mimeType: 'image/png',
        annotations: { audience: ['user'], priority: 0.4, lastModified: context.daysAgo(140) },
        icons: [brandIcon],
      },
      encodePng(64, 64, discPainter(64, [255, 214, 102, 255], [91, 91, 214, 255])),
    ),
    blobEntry(
      {
        uri: 'design://assets/app-icon-32.png',
        name: 'app-icon-32.png',
        title: 'App icon (32 px)',
        description: 'The dock and taskbar icon at 32×32.',
        mimeType: 'image/png',
        annotations: { audience: ['user'], priority: 0.2, lastModified: context.daysAgo(140) },
      },
      encodePng(32, 32, discPainter(32, [245, 165, 36, 255], [217, 61, 66, 255])),
    ),
  ];
}
