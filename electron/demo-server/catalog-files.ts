// Two files from a user's Lumen folder: a plain Markdown note and a compressed workspace export,
// so clients meet a `file:///` URI and a binary resource that is not an image.
import { gzipSync } from 'node:zlib';
import { blobEntry, textEntry, type CatalogContext, type CatalogEntry } from './catalog-entry';

const LUMEN_FOLDER = 'file:///home/demo/Lumen';

/** The inbox note and the October export under `file:///home/demo/Lumen/…`. */
export function fileEntries(context: CatalogContext): CatalogEntry[] {
  const inboxModified = context.daysAgo(1);
  const inbox = [
    '# Inbox',
    '',
    '- [ ] Reply to Priya about the Q4 roadmap review',
    '- [ ] Move “Sync retries” notes into **Engineering / Sync**',
    '- [x] Try the new templates ({{date}} works!)',
    '',
    '## Quick capture',
    '',
    '> Ideas land here first. Sort them on Fridays.',
    '',
    '| Idea | From | Status |',
    '| --- | --- | --- |',
    '| Offline map of linked notes | Sam | Later |',
    '| Daily note from calendar | Priya | Spiking |',
    '',
    '```text',
    `captured ${inboxModified.slice(0, 16).replace('T', ' ')} UTC on MacBook Air`,
    '```',
    '',
  ].join('\n');

  const exportJson = JSON.stringify(
    {
      format: 'lumen-export/2',
      workspace: { id: 'wsp_01JB7X9Q4M', name: 'Personal' },
      exportedAt: context.daysAgo(5),
      notebooks: [
        { id: 'nbk_01JB7XA0C1', name: 'Journal', notes: context.integer(40, 90) },
        { id: 'nbk_01JB7XA0C2', name: 'Engineering', notes: context.integer(20, 60) },
        { id: 'nbk_01JB7XA0C3', name: 'Recipes', notes: context.integer(5, 25) },
      ],
      notes: Array.from({ length: 12 }, (_, index) => ({
        id: `note_01JB7XB${String(index).padStart(3, '0')}`,
        title: [
          'Weekly review',
          'Sync retries',
          'Sourdough',
          'Q4 roadmap',
          'Reading list',
          'Onboarding checklist',
        ][index % 6],
        updatedAt: context.daysAgo(context.integer(6, 60)),
        words: context.integer(80, 2400),
      })),
    },
    null,
    2,
  );

  return [
    textEntry(
      {
        uri: `${LUMEN_FOLDER}/Inbox.md`,
        name: 'Inbox.md',
        title: 'Inbox',
        description: 'The local note everything is captured into first.',
        mimeType: 'text/markdown',
        annotations: { audience: ['user'], priority: 0.9, lastModified: inboxModified },
      },
      inbox,
    ),
    blobEntry(
      {
        uri: `${LUMEN_FOLDER}/Exports/personal-2026-10.json.gz`,
        name: 'personal-2026-10.json.gz',
        title: 'Workspace export (October)',
        description: 'A gzip-compressed JSON export of the Personal workspace.',
        mimeType: 'application/gzip',
        annotations: { audience: ['user'], priority: 0.05, lastModified: context.daysAgo(5) },
      },
      // Level fixed so the bytes, and therefore `size`, are the same on every run.
      gzipSync(exportJson, { level: 9 }),
    ),
  ];
}
