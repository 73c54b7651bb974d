// Lumen's release notes, one Markdown resource per version, newest first.
import { textEntry, type CatalogContext, type CatalogEntry } from './catalog-entry';
import { smallIcon } from './catalog-design';

interface Release {
  version: string;
  date: string;
  headline: string;
  added?: string[];
  changed?: string[];
  fixed?: string[];
}

/** Every release, newest first. Dates are fixed: a changelog does not move with the seed. */
export const RELEASES: readonly Release[] = [
  {
    version: '2.4.0',
    date: '2026-10-27',
    headline: 'Faster search and a calmer sidebar',
    added: [
      'Search results now show the matching sentence.',
      'Pin notebooks to the top of the sidebar.',
    ],
    changed: ['Search indexes 3× faster on first launch.'],
    fixed: ['Backlinks to renamed notes no longer go stale.'],
  },
  {
    version: '2.3.1',
    date: '2026-10-09',
    headline: 'Sync fixes',
    fixed: [
      'A device offline for more than 30 days now catches up without a full resync.',
      'Pasting a table from Excel keeps its header row.',
    ],
  },
  {
    version: '2.3.0',
    date: '2026-09-22',
    headline: 'Templates for everyone',
    added: [
      'Note templates with {{date}} and {{title}} placeholders.',
      'Workspace templates shared with all members.',
    ],
    changed: ['The command palette remembers your last five actions.'],
  },
  {
    version: '2.2.0',
    date: '2026-08-18',
    headline: 'End-to-end encrypted notebooks',
    added: [
      'Opt-in end-to-end encryption per notebook (ADR-0003).',
      'Recovery kit as a printable PDF.',
    ],
    changed: ['Minimum macOS is now 13 Ventura.'],
  },
  {
    version: '2.1.2',
    date: '2026-07-30',
    headline: 'Stability',
    fixed: [
      'A crash when importing .enex files with empty notes.',
      'Wayland: the window no longer opens off-screen.',
    ],
  },
  {
    version: '2.1.0',
    date: '2026-07-02',
    headline: 'Webhooks and API v2 pagination',
    added: ['Webhooks for note and share events.', 'Cursor pagination on every list endpoint.'],
    changed: ['API v1 is deprecated; it stops answering on 2027-03-31.'],
  },
  {
    version: '2.0.0',
    date: '2026-05-26',
    headline: 'Lumen 2: local-first sync',
    added: [
      'CRDT sync: offline edits on every device merge without conflicts.',
      'Full-text search runs on the device.',
    ],
    changed: [
      'A new storage engine; the first launch migrates your notes.',
      'API v2 replaces API v1.',
    ],
    fixed: ['Dozens of sync edge cases that v1 could only resolve by “last write wins”.'],
  },
  {
    version: '2.0.0-beta.1',
    date: '2026-04-14',
    headline: 'Lumen 2 public beta',
    added: ['Opt-in beta channel in Settings → About.'],
    changed: ['Beta builds use a separate data folder; your stable notes are untouched.'],
  },
  {
    version: '1.9.0',
    date: '2026-03-03',
    headline: 'Backlinks',
    added: ['[[Double-bracket]] links and a backlinks panel.', 'Unlinked mentions.'],
  },
  {
    version: '1.8.3',
    date: '2026-02-10',
    headline: 'Security update',
    fixed: [
      'Public links could be guessed when created within the same millisecond. Rotate old links from Settings → Sharing.',
    ],
  },
  {
    version: '1.8.0',
    date: '2026-01-13',
    headline: 'Import from Evernote',
    added: ['.enex import with tags, stacks and attachments.'],
    fixed: ['Markdown tables with pipes inside code spans.'],
  },
  {
    version: '1.0.0',
    date: '2025-06-02',
    headline: 'Lumen 1.0',
    added: [
      'Notebooks, Markdown notes, tags and search.',
      'Apps for macOS, Windows, Linux, iOS and Android.',
    ],
  },
];

function section(heading: string, items: string[] | undefined): string[] {
  return items ? [`## ${heading}`, items.map((item) => `- ${item}`).join('\n')] : [];
}

function releaseMarkdown(release: Release, previous: Release | undefined): string {
  const upgrade = `# macOS (Homebrew)\nbrew upgrade --cask lumen\n\n# Windows\nwinget upgrade Lumen.Lumen\n\n# Linux (Flatpak)\nflatpak update app.lumen.Lumen`;
  return (
    [
      `# Lumen ${release.version}: ${release.headline}`,
      `Released ${release.date}.${previous ? ` Previous release: ${previous.version}.` : ''}`,
      ...section('Added', release.added),
      ...section('Changed', release.changed),
      ...section('Fixed', release.fixed),
      '## Supported platforms',
      [
        '| Platform | Minimum version |',
        '| --- | --- |',
        '| macOS | 13 Ventura |',
        '| Windows | 10 22H2 |',
        '| Linux | glibc 2.31 |',
        '| iOS / Android | 17 / 11 |',
      ].join('\n'),
      '## Upgrade',
      `\`\`\`bash\n${upgrade}\n\`\`\``,
    ].join('\n\n') + '\n'
  );
}

/**
 * Release notes under `changelog://lumen/releases/<version>`; the newest matters most, 1.0.0 not at
 * all.
 */
export function changelogEntries(context: CatalogContext): CatalogEntry[] {
  const reference = context.referenceDate.getTime();
  return RELEASES.map((release, index) => {
    const released = new Date(`${release.date}T10:00:00.000Z`);
    // Priority decays with age; the first release is history only.
    const priority =
      index === RELEASES.length - 1
        ? 0
        : Math.round(Math.max(0.05, 0.95 - index * 0.1) * 100) / 100;
    return textEntry(
      {
        uri: `changelog://lumen/releases/${release.version}`,
        name: release.version,
        title: `Lumen ${release.version}`,
        description: release.headline,
        mimeType: 'text/markdown',
        annotations: {
          audience: index === 0 ? ['user', 'assistant'] : ['user'],
          priority,
          // Release notes never postdate the catalog's reference date.
          lastModified: new Date(Math.min(released.getTime(), reference - 3_600_000)).toISOString(),
        },
        ...(index === 0 && { icons: [smallIcon([76, 195, 138, 255], [47, 158, 98, 255])] }),
      },
      releaseMarkdown(release, RELEASES[index + 1]),
    );
  });
}
