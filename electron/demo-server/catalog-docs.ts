// Renders the Lumen docs (catalog-docs-data.ts) into Markdown with the parts a real page has:
// headings, lists, a table and a code fence, so previews and token counts look like the real thing.
import { textEntry, type CatalogContext, type CatalogEntry } from './catalog-entry';
import { DOC_SPECS, type DocSpec } from './catalog-docs-data';
import { smallIcon } from './catalog-design';

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body}\n\`\`\``;
}

function slugOf(spec: DocSpec): string {
  return spec.path.replace(/\.md$/, '').split('/').at(-1) ?? spec.path;
}

function guideBody(spec: DocSpec, context: CatalogContext): string {
  const where = ['All platforms', 'Desktop', 'Desktop and mobile'];
  return [
    '## Before you start',
    spec.points.map((point) => `- ${point}`).join('\n'),
    '## Steps',
    [
      'Open Lumen and sign in.',
      `Press ⌘K and type “${slugOf(spec).replace(/-/g, ' ')}” to jump to the right place.`,
      'Follow the prompts; changes apply at once and sync to your other devices.',
    ]
      .map((step, index) => `${index + 1}. ${step}`)
      .join('\n'),
    '## Quick reference',
    table(
      ['#', 'Tip', 'Applies to'],
      spec.points.map((point, index) => [index + 1, point, where[index % where.length]!]),
    ),
    '## From the command line',
    fence(
      'bash',
      `# Opens this page in Lumen's built-in help\nlumen help ${slugOf(spec)}\n\n# Works offline; prints the path of the local copy\nlumen docs path guides/${slugOf(spec)} --json | jq -r .path`,
    ),
    `_About ${context.integer(3, 12)} minutes to read._`,
  ].join('\n\n');
}

function apiBody(spec: DocSpec, context: CatalogContext): string {
  return [
    '## Key facts',
    spec.points.map((point) => `- ${point}`).join('\n'),
    '## Headers',
    table(
      ['Header', 'Example', 'Meaning'],
      [
        ['Authorization', '`Bearer lum_pat_4f9c…`', 'Your access token'],
        ['RateLimit-Remaining', `\`${context.integer(40, 590)}\``, 'Requests left in this window'],
        ['Lumen-Request-Id', '`req_01JBM8W6Q2`', 'Quote it when you contact support'],
      ],
    ),
    '## Example',
    fence(
      'http',
      'GET /v2/notes?limit=2 HTTP/1.1\nHost: api.lumen.app\nAuthorization: Bearer lum_pat_4f9c…\nAccept: application/json',
    ),
  ].join('\n\n');
}

function endpointBody(spec: DocSpec, context: CatalogContext): string {
  const noun = slugOf(spec);
  const prefix = noun.slice(0, 4).replace(/s$/, '');
  const id = `${prefix}_01JB${context.integer(1000, 9999)}`;
  const latency = () => context.integer(18, 140);
  return [
    '## Routes',
    table(
      ['Method', 'Path', 'Scope', 'p95 (ms)', 'Description'],
      [
        ['GET', `/v2/${noun}`, `${noun}:read`, latency(), `List ${noun}, newest first`],
        ['POST', `/v2/${noun}`, `${noun}:write`, latency(), `Create one`],
        ['GET', `/v2/${noun}/{id}`, `${noun}:read`, latency(), 'Fetch one by ID'],
        ['PATCH', `/v2/${noun}/{id}`, `${noun}:write`, latency(), 'Update fields; send `If-Match`'],
        ['DELETE', `/v2/${noun}/{id}`, `${noun}:write`, latency(), 'Move to Trash (30 days)'],
      ],
    ),
    '## Notes',
    spec.points.map((point) => `- ${point}`).join('\n'),
    '## Example',
    fence(
      'bash',
      `curl -s https://api.lumen.app/v2/${noun}/${id} \\\n  -H "Authorization: Bearer $LUMEN_TOKEN"`,
    ),
    fence(
      'json',
      JSON.stringify(
        {
          id,
          object: noun.replace(/s$/, ''),
          created_at: '2026-09-14T08:21:07Z',
          updated_at: context.daysAgo(context.integer(1, 30)),
          etag: `W/"${context.integer(100, 999)}"`,
        },
        null,
        2,
      ),
    ),
  ].join('\n\n');
}

function architectureBody(spec: DocSpec): string {
  return [
    '## In short',
    spec.points.map((point) => `- ${point}`).join('\n'),
    '## Components',
    table(
      ['Component', 'Runs on', 'Stores'],
      [
        ['Lumen app', 'macOS, Windows, Linux, iOS, Android', 'SQLite replica, blobs'],
        ['lumen-sync', 'Kubernetes (3 regions)', 'Nothing durable'],
        ['PostgreSQL 16', 'Managed, multi-AZ', 'CRDT update log, accounts'],
      ],
    ),
    '## Data flow',
    fence(
      'text',
      'device A ──updates──▶ lumen-sync ──append──▶ postgres\n   ▲                      │\n   └──────ack+cursor──────┘──fan-out──▶ device B',
    ),
  ].join('\n\n');
}

function decisionBody(spec: DocSpec, lastModified: string): string {
  return [
    `- **Status:** Accepted\n- **Date:** ${lastModified.slice(0, 10)}\n- **Deciders:** platform team`,
    '## Context',
    spec.summary,
    '## Decision',
    `${spec.title.replace(/^ADR-\d+: /, '')}.`,
    '## Options considered',
    table(
      ['Option', 'For', 'Against'],
      [
        ['Chosen option', 'Meets the need in Context', 'New code to own'],
        ['Status quo', 'No work', 'The problem stays'],
      ],
    ),
    '## Consequences',
    spec.points.map((point) => `- ${point}`).join('\n'),
    fence('text', `Supersedes: none\nSee also: architecture/overview.md`),
  ].join('\n\n');
}

function referenceBody(spec: DocSpec): string {
  const entries = spec.points.map((point) => {
    const [head, ...rest] = point.split(': ');
    const definition = rest.join(': ');
    return definition
      ? `### ${head}\n\n${definition.charAt(0).toUpperCase()}${definition.slice(1)}`
      : `### ${point}`;
  });
  const extra =
    slugOf(spec) === 'faq'
      ? [
          '## Plans at a glance',
          table(
            ['Plan', 'Devices', 'Storage', 'Price'],
            [
              ['Free', 2, '1 GB', '$0'],
              ['Plus', 'Unlimited', '20 GB', '$6/month'],
              ['Team', 'Unlimited', '100 GB per member', '$10/member/month'],
            ],
          ),
        ]
      : [
          '## Related pages',
          table(
            ['Page', 'Where'],
            [
              ['Getting started', '`docs://lumen/guides/getting-started.md`'],
              ['Architecture overview', '`docs://lumen/architecture/overview.md`'],
            ],
          ),
        ];
  return [
    entries.join('\n\n'),
    ...extra,
    '## Contact',
    fence('text', 'support@lumen.app  ·  status.lumen.app  ·  @lumenapp'),
  ].join('\n\n');
}

function renderDoc(spec: DocSpec, context: CatalogContext, lastModified: string): string {
  const body = {
    guide: () => guideBody(spec, context),
    api: () => apiBody(spec, context),
    endpoint: () => endpointBody(spec, context),
    architecture: () => architectureBody(spec),
    decision: () => decisionBody(spec, lastModified),
    reference: () => referenceBody(spec),
  }[spec.kind]();
  return `# ${spec.title}\n\n${spec.summary}\n\n${body}\n\n---\n_Last reviewed ${lastModified.slice(0, 10)}._\n`;
}

/** The product documentation, under `docs://lumen/…`, nested up to five levels. */
export function docEntries(context: CatalogContext): CatalogEntry[] {
  return DOC_SPECS.map((spec) => {
    const lastModified = context.daysAgo(context.integer(2, 210));
    const uri = `docs://lumen/${spec.path}`;
    return textEntry(
      {
        uri,
        name: spec.path.split('/').at(-1) ?? spec.path,
        // Design records keep only their file name, as they do in a repo: clients fall back to
        // `name`.
        ...(spec.kind === 'decision' ? {} : { title: spec.title }),
        description: spec.summary,
        mimeType: 'text/markdown',
        annotations: {
          ...(spec.audience && { audience: spec.audience }),
          ...(spec.priority !== undefined && { priority: spec.priority }),
          lastModified,
        },
        ...(spec.icon && { icons: [smallIcon([255, 196, 61, 255], [236, 112, 20, 255])] }),
      },
      renderDoc(spec, context, lastModified),
    );
  });
}
