// The Lumen sync service's PostgreSQL schema: one resource per table and view, and the migrations
// that built them, so the SQL a model sees matches what the docs describe.
import { textEntry, type CatalogContext, type CatalogEntry } from './catalog-entry';

type Column = [name: string, type: string, constraints?: string];

interface Table {
  name: string;
  purpose: string;
  columns: Column[];
  indexes?: string[];
  /** Which migration created the table. */
  migration: string;
  priority: number;
}

const id = (prefix: string): Column => [
  'id',
  'text',
  `PRIMARY KEY CHECK (id LIKE '${prefix}\\_%')`,
];
const timestamps: Column[] = [
  ['created_at', 'timestamptz', 'NOT NULL DEFAULT now()'],
  ['updated_at', 'timestamptz', 'NOT NULL DEFAULT now()'],
];

/** Every table of the schema; `notes` first because most questions start there. */
export const TABLES: readonly Table[] = [
  {
    name: 'notes',
    purpose: 'One row per note; the text itself lives in the CRDT log.',
    migration: '0001_init',
    priority: 1,
    columns: [
      id('note'),
      ['notebook_id', 'text', 'NOT NULL REFERENCES notebooks(id) ON DELETE CASCADE'],
      ['title', 'text', "NOT NULL DEFAULT ''"],
      ['markdown', 'text', 'NOT NULL'],
      ['word_count', 'integer', 'NOT NULL DEFAULT 0'],
      ['pinned', 'boolean', 'NOT NULL DEFAULT false'],
      ['deleted_at', 'timestamptz'],
      ...timestamps,
    ],
    indexes: [
      'CREATE INDEX notes_notebook_updated ON notes (notebook_id, updated_at DESC) WHERE deleted_at IS NULL;',
      "CREATE INDEX notes_search ON notes USING gin (to_tsvector('simple', title || ' ' || markdown));",
    ],
  },
  {
    name: 'notebooks',
    purpose: 'Folders of notes; parent_id makes them nest.',
    migration: '0001_init',
    priority: 0.8,
    columns: [
      id('nbk'),
      ['workspace_id', 'text', 'NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE'],
      ['parent_id', 'text', 'REFERENCES notebooks(id) ON DELETE CASCADE'],
      ['name', 'text', 'NOT NULL'],
      ['encrypted', 'boolean', 'NOT NULL DEFAULT false'],
      ['sort_key', 'text', 'NOT NULL'],
      ...timestamps,
    ],
    indexes: [
      "CREATE UNIQUE INDEX notebooks_sibling_name ON notebooks (workspace_id, coalesce(parent_id, ''), lower(name));",
    ],
  },
  {
    name: 'workspaces',
    purpose: 'The unit of membership and billing.',
    migration: '0001_init',
    priority: 0.6,
    columns: [
      id('wsp'),
      ['name', 'text', 'NOT NULL'],
      ['plan', 'text', "NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'plus', 'team'))"],
      ['region', 'text', "NOT NULL DEFAULT 'eu-central-1'"],
      ...timestamps,
    ],
  },
  {
    name: 'users',
    purpose: 'People who sign in. Email is unique case-insensitively.',
    migration: '0001_init',
    priority: 0.6,
    columns: [
      id('usr'),
      ['email', 'citext', 'NOT NULL UNIQUE'],
      ['display_name', 'text', 'NOT NULL'],
      ['avatar_url', 'text'],
      ['last_seen_at', 'timestamptz'],
      ...timestamps,
    ],
  },
  {
    name: 'memberships',
    purpose: 'Who belongs to which workspace, with which role.',
    migration: '0001_init',
    priority: 0.5,
    columns: [
      ['workspace_id', 'text', 'NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE'],
      ['user_id', 'text', 'NOT NULL REFERENCES users(id) ON DELETE CASCADE'],
      ['role', 'text', "NOT NULL CHECK (role IN ('viewer', 'commenter', 'editor', 'owner'))"],
      ['joined_at', 'timestamptz', 'NOT NULL DEFAULT now()'],
    ],
    indexes: ['ALTER TABLE memberships ADD PRIMARY KEY (workspace_id, user_id);'],
  },
  {
    name: 'tags',
    purpose: 'Nested tags such as work/clients/acme, stored by full path.',
    migration: '0002_tags',
    priority: 0.5,
    columns: [
      id('tag'),
      ['workspace_id', 'text', 'NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE'],
      ['path', 'text', 'NOT NULL'],
      ['color', 'text'],
      ...timestamps,
    ],
    indexes: ['CREATE UNIQUE INDEX tags_path ON tags (workspace_id, lower(path));'],
  },
  {
    name: 'note_tags',
    purpose: 'Which tags each note carries.',
    migration: '0002_tags',
    priority: 0.4,
    columns: [
      ['note_id', 'text', 'NOT NULL REFERENCES notes(id) ON DELETE CASCADE'],
      ['tag_id', 'text', 'NOT NULL REFERENCES tags(id) ON DELETE CASCADE'],
    ],
    indexes: [
      'ALTER TABLE note_tags ADD PRIMARY KEY (note_id, tag_id);',
      'CREATE INDEX note_tags_tag ON note_tags (tag_id);',
    ],
  },
  {
    name: 'attachments',
    purpose: 'Files attached to notes; bytes live in object storage by SHA-256.',
    migration: '0003_attachments',
    priority: 0.45,
    columns: [
      id('att'),
      ['note_id', 'text', 'NOT NULL REFERENCES notes(id) ON DELETE CASCADE'],
      ['sha256', 'bytea', 'NOT NULL'],
      ['media_type', 'text', 'NOT NULL'],
      ['byte_size', 'bigint', 'NOT NULL CHECK (byte_size >= 0)'],
      ['file_name', 'text', 'NOT NULL'],
      ...timestamps,
    ],
  },
  {
    name: 'revisions',
    purpose: 'The CRDT update log: append-only, one row per batch from a device.',
    migration: '0004_sync',
    priority: 0.7,
    columns: [
      ['seq', 'bigint', 'GENERATED ALWAYS AS IDENTITY PRIMARY KEY'],
      ['note_id', 'text', 'NOT NULL REFERENCES notes(id) ON DELETE CASCADE'],
      ['device_id', 'uuid', 'NOT NULL'],
      ['update_blob', 'bytea', 'NOT NULL'],
      ['received_at', 'timestamptz', 'NOT NULL DEFAULT now()'],
    ],
    indexes: ['CREATE INDEX revisions_note_seq ON revisions (note_id, seq);'],
  },
  {
    name: 'sync_cursors',
    purpose: 'How far each device has read the update log.',
    migration: '0004_sync',
    priority: 0.55,
    columns: [
      ['device_id', 'uuid', 'PRIMARY KEY'],
      ['user_id', 'text', 'NOT NULL REFERENCES users(id) ON DELETE CASCADE'],
      ['last_seq', 'bigint', 'NOT NULL DEFAULT 0'],
      ['platform', 'text', 'NOT NULL'],
      ['app_version', 'text', 'NOT NULL'],
      ['updated_at', 'timestamptz', 'NOT NULL DEFAULT now()'],
    ],
  },
  {
    name: 'shares',
    purpose: 'Notes and notebooks shared with people or by public link.',
    migration: '0005_sharing',
    priority: 0.5,
    columns: [
      id('shr'),
      ['note_id', 'text', 'REFERENCES notes(id) ON DELETE CASCADE'],
      ['notebook_id', 'text', 'REFERENCES notebooks(id) ON DELETE CASCADE'],
      ['grantee_user_id', 'text', 'REFERENCES users(id) ON DELETE CASCADE'],
      ['public_token', 'text', 'UNIQUE'],
      ['role', 'text', "NOT NULL DEFAULT 'viewer'"],
      ['expires_at', 'timestamptz'],
      ...timestamps,
    ],
    indexes: ['ALTER TABLE shares ADD CHECK ((note_id IS NULL) <> (notebook_id IS NULL));'],
  },
  {
    name: 'audit_log',
    purpose: 'Security-relevant events, kept 400 days for Team plans.',
    migration: '0006_audit',
    priority: 0.2,
    columns: [
      ['id', 'bigint', 'GENERATED ALWAYS AS IDENTITY PRIMARY KEY'],
      ['workspace_id', 'text', 'NOT NULL'],
      ['actor_user_id', 'text'],
      ['action', 'text', 'NOT NULL'],
      ['target', 'text'],
      ['ip', 'inet'],
      ['at', 'timestamptz', 'NOT NULL DEFAULT now()'],
    ],
    indexes: ['CREATE INDEX audit_log_workspace_at ON audit_log (workspace_id, at DESC);'],
  },
];

const MIGRATIONS: readonly [id: string, summary: string][] = [
  ['0001_init', 'Accounts, workspaces, notebooks and notes.'],
  ['0002_tags', 'Nested tags.'],
  ['0003_attachments', 'Attachments stored by content hash.'],
  ['0004_sync', 'The CRDT update log and per-device cursors.'],
  ['0005_sharing', 'Sharing with people and public links.'],
  ['0006_audit', 'Audit log for Team plans.'],
];

const VIEWS: readonly [name: string, purpose: string, sql: string][] = [
  [
    'recent_notes',
    'Notes edited in the last 30 days, newest first, without deleted ones.',
    "CREATE VIEW recent_notes AS\nSELECT n.id, n.title, nb.name AS notebook, n.updated_at\nFROM notes n\nJOIN notebooks nb ON nb.id = n.notebook_id\nWHERE n.deleted_at IS NULL\n  AND n.updated_at > now() - interval '30 days'\nORDER BY n.updated_at DESC;",
  ],
  [
    'tag_counts',
    'How many live notes carry each tag, per workspace.',
    'CREATE VIEW tag_counts AS\nSELECT t.workspace_id, t.path, count(nt.note_id) AS notes\nFROM tags t\nLEFT JOIN note_tags nt ON nt.tag_id = t.id\nLEFT JOIN notes n ON n.id = nt.note_id AND n.deleted_at IS NULL\nGROUP BY t.workspace_id, t.path;',
  ],
];

/** The `CREATE TABLE` statement for one table, with its comment and indexes. */
export function tableSql(table: Table): string {
  const width = Math.max(...table.columns.map(([name]) => name.length));
  const columns = table.columns.map(
    ([name, type, constraints]) =>
      `  ${name.padEnd(width)} ${type}${constraints ? ` ${constraints}` : ''}`,
  );
  return (
    [
      `-- ${table.name}: ${table.purpose}`,
      `CREATE TABLE ${table.name} (\n${columns.join(',\n')}\n);`,
      ...(table.indexes ?? []),
      `COMMENT ON TABLE ${table.name} IS '${table.purpose.replace(/'/g, "''")}';`,
    ].join('\n\n') + '\n'
  );
}

/** Tables, views and migrations under `db://lumen/schema/…`, as SQL. */
export function databaseEntries(context: CatalogContext): CatalogEntry[] {
  const tables = TABLES.map((table) =>
    textEntry(
      {
        uri: `db://lumen/schema/tables/${table.name}`,
        name: table.name,
        title: `Table ${table.name}`,
        description: table.purpose,
        mimeType: 'application/sql',
        annotations: {
          audience: ['assistant'],
          priority: table.priority,
          lastModified: context.daysAgo(context.integer(30, 180)),
        },
      },
      tableSql(table),
    ),
  );
  const views = VIEWS.map(([name, purpose, sql]) =>
    textEntry(
      {
        uri: `db://lumen/schema/views/${name}`,
        name,
        title: `View ${name}`,
        description: purpose,
        mimeType: 'application/sql',
        annotations: {
          audience: ['user', 'assistant'],
          priority: 0.3,
          lastModified: context.daysAgo(context.integer(30, 120)),
        },
      },
      `-- ${name}: ${purpose}\n${sql}\n`,
    ),
  );
  const migrations = MIGRATIONS.map(([migration, summary], index) => {
    // Referenced tables must exist before the tables that point at them.
    const rank = (table: Table) =>
      ['users', 'workspaces', 'memberships', 'notebooks'].indexOf(table.name) >>> 0;
    const statements = TABLES.filter((table) => table.migration === migration)
      .sort((a, b) => rank(a) - rank(b))
      .map(tableSql);
    const applied = context.daysAgo(200 - index * 30);
    return textEntry(
      // Old migrations matter least: priority falls to exactly 0 for the first one.
      {
        uri: `db://lumen/schema/migrations/${migration}.sql`,
        name: `${migration}.sql`,
        description: summary,
        mimeType: 'application/sql',
        annotations: { priority: index / 10, lastModified: applied },
      },
      `-- Migration ${migration}: ${summary}\n-- Applied ${applied.slice(0, 10)}\nBEGIN;\n\n${statements.join('\n')}\nCOMMIT;\n`,
    );
  });
  return [...tables, ...views, ...migrations];
}
