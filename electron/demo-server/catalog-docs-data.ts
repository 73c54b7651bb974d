// The Lumen documentation set, as data. catalog-docs.ts renders each row into Markdown.
import type { Audience } from './catalog-entry';

/** The kind of page, which decides its layout: a how-to, an endpoint reference, a design record… */
export type DocKind = 'guide' | 'api' | 'endpoint' | 'architecture' | 'decision' | 'reference';

/** One documentation page before rendering. */
export interface DocSpec {
  /** Path under `docs://lumen/`. */
  path: string;
  title: string;
  summary: string;
  points: string[];
  kind: DocKind;
  audience?: Audience[];
  priority?: number;
  /** Shows a small icon beside the page in clients that render `icons`. */
  icon?: boolean;
}

const both: Audience[] = ['user', 'assistant'];

/** Every page of the Lumen docs, in reading order. */
export const DOC_SPECS: readonly DocSpec[] = [
  {
    path: 'guides/getting-started.md',
    kind: 'guide',
    title: 'Getting started with Lumen',
    audience: both,
    priority: 1,
    icon: true,
    summary:
      'Create your first notebook, write a note in Markdown and sync it to your other devices in under five minutes.',
    points: [
      'Create a workspace and invite nobody yet: you can share later.',
      'Press ⌘N (Ctrl+N) to start a note; Markdown renders as you type.',
      'Turn on sync in Settings → Devices to see the note on your phone.',
    ],
  },
  {
    path: 'guides/installing/macos.md',
    kind: 'guide',
    title: 'Install Lumen on macOS',
    audience: ['user'],
    priority: 0.6,
    summary: 'Lumen runs on macOS 13 Ventura and later, on Apple silicon and Intel.',
    points: [
      'Download the universal .dmg from lumen.app/download.',
      'Drag Lumen to Applications, then open it once from Finder to pass Gatekeeper.',
      'Homebrew users can run `brew install --cask lumen`.',
    ],
  },
  {
    path: 'guides/installing/windows.md',
    kind: 'guide',
    title: 'Install Lumen on Windows',
    audience: ['user'],
    priority: 0.6,
    summary: 'Lumen supports Windows 10 (22H2) and Windows 11, x64 and ARM64.',
    points: [
      'Run the signed installer; it installs per user and needs no admin rights.',
      'winget users can run `winget install Lumen.Lumen`.',
      'Enterprise admins can deploy the MSI with the `SYNC_DISABLED=1` property.',
    ],
  },
  {
    path: 'guides/installing/linux.md',
    kind: 'guide',
    title: 'Install Lumen on Linux',
    audience: ['user'],
    priority: 0.55,
    summary: 'Lumen ships as an AppImage, a .deb and a Flatpak on Flathub.',
    points: [
      'The Flatpak is sandboxed: grant file access to folders you import from.',
      'The .deb adds an apt source so updates arrive with your system updates.',
      'Wayland is supported; pass `--ozone-platform=x11` if your compositor misbehaves.',
    ],
  },
  {
    path: 'guides/importing/evernote.md',
    kind: 'guide',
    title: 'Import from Evernote',
    audience: ['user'],
    priority: 0.45,
    summary: 'Bring notebooks, tags and attachments over from an Evernote .enex export.',
    points: [
      'Export each notebook as .enex from Evernote’s desktop app.',
      'Tags become Lumen tags; stacks become nested notebooks.',
      'Rich formatting is converted to Markdown; tables survive, colours do not.',
    ],
  },
  {
    path: 'guides/importing/markdown-folders.md',
    kind: 'guide',
    title: 'Import a folder of Markdown files',
    audience: ['user'],
    priority: 0.5,
    summary: 'Point Lumen at a folder and every .md file becomes a note, keeping its front matter.',
    points: [
      'Sub-folders become notebooks, up to five levels deep.',
      'YAML front matter `tags:` becomes Lumen tags.',
      'Relative links between files are rewritten to Lumen backlinks.',
    ],
  },
  {
    path: 'guides/keyboard-shortcuts.md',
    kind: 'guide',
    title: 'Keyboard shortcuts',
    audience: both,
    priority: 0.7,
    summary:
      'Everything in Lumen can be done from the keyboard. These are the shortcuts people use most.',
    points: [
      '⌘K opens the command palette: type any action by name.',
      '⌘P jumps to a note by title; ⌘⇧F searches inside notes.',
      'Shortcuts can be remapped in Settings → Keyboard.',
    ],
  },
  {
    path: 'guides/sync-and-offline.md',
    kind: 'guide',
    title: 'Sync and offline use',
    audience: both,
    priority: 0.8,
    summary: 'Lumen works fully offline and merges changes from every device when it reconnects.',
    points: [
      'Edits are stored locally first, then pushed in the background.',
      'Two people editing one paragraph are merged character by character, not overwritten.',
      'The status bar shows pending changes; click it to see what has not synced.',
    ],
  },
  {
    path: 'guides/sharing-and-permissions.md',
    kind: 'guide',
    title: 'Sharing and permissions',
    audience: ['user'],
    priority: 0.65,
    summary: 'Share a note or a whole notebook with people inside or outside your workspace.',
    points: [
      'Roles are Viewer, Commenter, Editor and Owner.',
      'Public links are read-only and can expire.',
      'Removing someone revokes their access on their next sync.',
    ],
  },
  {
    path: 'guides/templates.md',
    kind: 'guide',
    title: 'Note templates',
    audience: ['user'],
    priority: 0.35,
    summary: 'Start meeting notes, journals and specs from a template with placeholders.',
    points: [
      'Any note becomes a template with “Save as template”.',
      'Placeholders such as {{date}} and {{title}} are filled on creation.',
      'Workspace templates are shared with every member.',
    ],
  },
  {
    path: 'guides/tags-and-search.md',
    kind: 'guide',
    title: 'Tags and search',
    audience: both,
    priority: 0.75,
    summary: 'Find any note by words, tags, dates or the notebook it lives in.',
    points: [
      'Search is full text and runs on your device, even offline.',
      'Use `tag:`, `in:`, `before:` and `after:` to narrow results.',
      'Nested tags such as `work/clients/acme` match their parents.',
    ],
  },
  {
    path: 'guides/backlinks.md',
    kind: 'guide',
    title: 'Links and backlinks',
    audience: ['user'],
    priority: 0.4,
    summary: 'Link notes with [[double brackets]] and see every note that links back.',
    points: [
      'Renaming a note updates every link to it.',
      'The backlinks panel shows the sentence each link sits in.',
      'Unlinked mentions suggest links you have not made yet.',
    ],
  },
  {
    path: 'guides/advanced/encryption-at-rest.md',
    kind: 'guide',
    title: 'End-to-end encryption',
    audience: both,
    priority: 0.85,
    summary:
      'Encrypted notebooks are readable only on your devices; Lumen’s servers store ciphertext.',
    points: [
      'Keys are derived from your passphrase with Argon2id and never leave your devices.',
      'Search over encrypted notebooks runs on the device only.',
      'Lose the passphrase and the recovery kit, and the notes are gone for good.',
    ],
  },
  {
    path: 'guides/advanced/self-hosting-sync.md',
    kind: 'guide',
    title: 'Self-host the sync server',
    audience: ['user'],
    priority: 0.3,
    summary: 'Run lumen-sync on your own hardware with Docker and PostgreSQL 16.',
    points: [
      'One container, one database; 1 GB of RAM serves about 200 users.',
      'Point clients at your server in Settings → Sync → Custom server.',
      'Back up the database: the server holds the only shared copy.',
    ],
  },
  {
    path: 'guides/advanced/scripting/automation.md',
    kind: 'guide',
    title: 'Automate Lumen with scripts',
    audience: ['assistant'],
    priority: 0.5,
    summary: 'The lumen CLI and the local API let scripts create, search and export notes.',
    points: [
      '`lumen note create` reads Markdown from stdin.',
      '`lumen search --json` prints results for other tools.',
      'The local API listens on a Unix socket only, never on the network.',
    ],
  },
  {
    path: 'api/v2/overview.md',
    kind: 'api',
    title: 'Lumen API v2 overview',
    audience: ['assistant'],
    priority: 0.9,
    summary: 'A JSON REST API over HTTPS for notes, notebooks, tags, attachments and sync.',
    points: [
      'Base URL: https://api.lumen.app/v2.',
      'Every request needs a bearer token; see Authentication.',
      'Timestamps are RFC 3339 in UTC; IDs are prefixed ULIDs such as `note_01J…`.',
    ],
  },
  {
    path: 'api/v2/authentication.md',
    kind: 'api',
    title: 'Authentication',
    audience: ['assistant'],
    priority: 0.9,
    summary: 'Authenticate with OAuth 2.1 (PKCE) for apps, or personal access tokens for scripts.',
    points: [
      'Tokens are scoped: `notes:read`, `notes:write`, `sync`, `admin`.',
      'Access tokens last one hour; refresh tokens rotate on use.',
      'Never embed a personal token in a shipped app.',
    ],
  },
  {
    path: 'api/v2/rate-limits.md',
    kind: 'api',
    title: 'Rate limits',
    audience: ['assistant'],
    priority: 0.6,
    summary: 'Limits are per token and per workspace, with headers that say what is left.',
    points: [
      '600 requests per minute per token; 10 000 per hour per workspace.',
      '`RateLimit-Remaining` and `RateLimit-Reset` come back on every response.',
      'A 429 carries `Retry-After`; back off for at least that long.',
    ],
  },
  {
    path: 'api/v2/errors.md',
    kind: 'api',
    title: 'Errors',
    audience: ['assistant'],
    priority: 0.8,
    summary: 'Errors use RFC 9457 problem details with a stable `code` you can switch on.',
    points: [
      '4xx means fix the request; 5xx means retry with backoff.',
      '`code` values are stable; `detail` text is not.',
      'Validation errors list each bad field under `errors`.',
    ],
  },
  {
    path: 'api/v2/pagination.md',
    kind: 'api',
    title: 'Pagination',
    audience: ['assistant'],
    priority: 0.7,
    summary: 'List endpoints page with an opaque cursor; never build cursors yourself.',
    points: [
      'Pass `limit` (1 to 200, default 50) and the `next_cursor` you were given.',
      'A missing `next_cursor` means the last page.',
      'Cursors expire after 24 hours.',
    ],
  },
  {
    path: 'api/v2/webhooks.md',
    kind: 'api',
    title: 'Webhooks',
    audience: ['assistant'],
    priority: 0.55,
    summary: 'Receive a signed POST when notes change, instead of polling.',
    points: [
      'Verify `Lumen-Signature` (HMAC-SHA256) before trusting a payload.',
      'Deliveries retry with backoff for up to 3 days.',
      'Events: note.created, note.updated, note.deleted, share.created.',
    ],
  },
  ...(['notes', 'notebooks', 'tags', 'attachments', 'users', 'search', 'sync'] as const).map(
    (noun, index): DocSpec => ({
      path: `api/v2/endpoints/${noun}.md`,
      kind: 'endpoint',
      title: `/${noun} endpoints`,
      audience: ['assistant'],
      priority: [0.95, 0.8, 0.6, 0.5, 0.45, 0.75, 0.65][index],
      summary: `Create, read, update and delete ${noun === 'search' || noun === 'sync' ? `${noun} sessions` : noun} through API v2.`,
      points: [
        `All ${noun} routes need the matching scope.`,
        'Writes are idempotent when you send an `Idempotency-Key` header.',
        'Responses include an `etag`; send it back in `If-Match` to avoid lost updates.',
      ],
    }),
  ),
  {
    path: 'api/v1/deprecation-notice.md',
    kind: 'api',
    title: 'API v1 is deprecated',
    audience: ['assistant'],
    priority: 0,
    summary: 'API v1 stops answering on 2027-03-31. Nothing new has been added since v2 shipped.',
    points: [
      'v1 tokens keep working with v2.',
      'v1 `page` numbers map to v2 cursors: see Pagination.',
      'Calls to v1 now return a `Sunset` header.',
    ],
  },
  {
    path: 'architecture/overview.md',
    kind: 'architecture',
    title: 'Architecture overview',
    audience: both,
    priority: 0.5,
    summary:
      'Local-first clients, a thin sync service and PostgreSQL. The device is the source of truth.',
    points: [
      'Clients keep a full SQLite replica of every notebook they can open.',
      'The sync service relays and stores CRDT updates; it never merges text itself.',
      'Search, rendering and encryption all run on the client.',
    ],
  },
  {
    path: 'architecture/sync-protocol.md',
    kind: 'architecture',
    title: 'Sync protocol',
    audience: ['assistant'],
    priority: 0.6,
    summary:
      'Clients exchange CRDT update batches over a WebSocket, resuming from a per-device cursor.',
    points: [
      'Each batch is idempotent, so a retry after a drop is harmless.',
      'The server acknowledges with the new cursor; the client stores it atomically.',
      'Large attachments go through signed upload URLs, not the socket.',
    ],
  },
  {
    path: 'architecture/storage-engine.md',
    kind: 'architecture',
    title: 'On-device storage',
    audience: ['assistant'],
    priority: 0.4,
    summary:
      'Each workspace is one SQLite database in WAL mode, plus a content-addressed blob folder.',
    points: [
      'Notes are stored as CRDT documents and as rendered Markdown for search.',
      'FTS5 powers full-text search.',
      'Blobs are named by SHA-256 so duplicates are stored once.',
    ],
  },
  {
    path: 'architecture/conflict-resolution.md',
    kind: 'architecture',
    title: 'Conflict resolution',
    audience: both,
    priority: 0.45,
    summary:
      'Concurrent edits merge without conflicts; the few structural conflicts have fixed rules.',
    points: [
      'Text uses a sequence CRDT, so no edit is lost.',
      'Moving a note into a notebook that was deleted restores the notebook.',
      'Tag renames win over tag deletes made before them.',
    ],
  },
  ...(
    [
      [
        '0001',
        'crdt-for-sync',
        'Use a CRDT for note sync',
        'Operational transform needed a central server to order edits; we want offline edits to merge anywhere.',
      ],
      [
        '0002',
        'sqlite-on-device',
        'SQLite as the on-device store',
        'We need transactions, full-text search and a single file per workspace that users can back up.',
      ],
      [
        '0003',
        'end-to-end-encryption',
        'Opt-in end-to-end encryption per notebook',
        'Some teams must keep notes unreadable to us; making it per notebook keeps server search for the rest.',
      ],
      [
        '0004',
        'markdown-as-canonical-format',
        'Markdown is the canonical export format',
        'Users must be able to leave with their notes in a format every tool reads.',
      ],
    ] as const
  ).map(([number, slug, title, context]): DocSpec => ({
    path: `architecture/decisions/adr-${number}-${slug}.md`,
    kind: 'decision',
    title: `ADR-${number}: ${title}`,
    priority: 0.3,
    summary: context,
    points: [
      'Accepted after a two-week spike and a design review.',
      'Revisit if the assumption in Context stops holding.',
      'Owner: the platform team.',
    ],
  })),
  {
    path: 'reference/faq.md',
    kind: 'reference',
    title: 'Frequently asked questions',
    audience: ['user'],
    priority: 0.6,
    summary: 'Short answers to what people ask support most often.',
    points: [
      'Yes, Lumen works offline.',
      'Your notes are yours: export everything to Markdown at any time.',
      'The free plan syncs two devices; paid plans sync unlimited devices.',
    ],
  },
  {
    path: 'reference/glossary.md',
    kind: 'reference',
    title: 'Glossary',
    audience: ['assistant'],
    priority: 0.8,
    summary: 'The words Lumen’s docs and UI use, defined once.',
    points: [
      'Workspace: a shared space with members, notebooks and billing.',
      'Notebook: a folder of notes; notebooks nest.',
      'Backlink: a link from another note to the one you are reading.',
    ],
  },
  {
    path: 'reference/privacy.md',
    kind: 'reference',
    title: 'Privacy and data handling',
    audience: ['user'],
    priority: 0.2,
    summary: 'What Lumen stores, where, for how long, and how to delete it.',
    points: [
      'Data is stored in the EU (Frankfurt) or the US (Oregon), your choice.',
      'Deleted notes stay in Trash for 30 days, then are purged from backups within 35 more.',
      'Crash reports are opt-in and never contain note text.',
    ],
  },
];
