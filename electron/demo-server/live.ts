// The moving parts of the demo: a status page that changes on every tick, and drafts that come
// and go every few ticks, so clients can show updates and list changes without any setup.
import type { McpServer, RegisteredResource } from '@modelcontextprotocol/server';
import { utf8Length } from './catalog-entry';

/** The live status page; updated on every tick. */
export const STATUS_URI = 'status://lumen/sync';

/** Where drafts appear and disappear. */
export const DRAFTS_PREFIX = 'notes://lumen/drafts/';

/** A draft is added or removed on every this-many ticks. */
export const TICKS_PER_DRAFT_CHANGE = 3;

const MAX_DRAFTS = 3;
const DRAFT_TITLES = [
  'Standup notes',
  'Ideas for the offsite',
  'Bug: sync badge flickers',
  'Reading list',
  'Interview loop feedback',
  'Grocery run',
];

/** How the feed is driven and whom it may tell. */
export interface LiveFeedOptions {
  tickMs: number;
  now: () => Date;
  /** False while a legacy client has not subscribed to the URI: it must not hear about it. */
  shouldNotify: (uri: string) => boolean;
}

/** A running feed. */
export interface LiveFeed {
  /** Stops the timer. Idempotent. */
  stop(): void;
}

function statusMarkdown(tick: number, at: Date): string {
  // Figures move with the tick so every update is visibly different, yet reproducible.
  const devices = 2 + (tick % 4);
  const pending = (tick * 7) % 5;
  return [
    '# Sync status',
    '',
    `Updated ${at.toISOString()} (tick ${tick}).`,
    '',
    '| Metric | Value |',
    '| --- | --- |',
    `| Devices online | ${devices} |`,
    `| Changes waiting to upload | ${pending} |`,
    `| Update batches relayed | ${1200 + tick * 13} |`,
    `| Health | ${pending === 0 ? 'All changes synced' : 'Syncing'} |`,
    '',
  ].join('\n');
}

function draftMarkdown(number: number, title: string, at: Date): string {
  return `# ${title}\n\n_Draft ${number}, started ${at.toISOString()}._\n\n- First thought\n- Second thought\n`;
}

/**
 * Registers the status page and starts the timer. Each tick rewrites the status page and
 * announces `notifications/resources/updated` for it; every few ticks one draft is added or
 * the oldest removed, which makes the SDK announce `notifications/resources/list_changed`.
 * The timer is unref'd so it never keeps a process alive on its own.
 */
export function startLiveFeed(server: McpServer, options: LiveFeedOptions): LiveFeed {
  let tickCount = 0;
  let updatedAt = options.now();
  let draftsCreated = 0;
  const drafts: RegisteredResource[] = [];

  server.registerResource(
    'sync-status',
    STATUS_URI,
    {
      title: 'Sync status (live)',
      description: `Live sync health. Changes every ${options.tickMs} ms; subscribe to follow it.`,
      mimeType: 'text/markdown',
      // No `size` or `lastModified`: both change on every tick, and a stale listing would be wrong.
      annotations: { audience: ['user', 'assistant'], priority: 0.9 },
    },
    () => ({
      contents: [
        { uri: STATUS_URI, mimeType: 'text/markdown', text: statusMarkdown(tickCount, updatedAt) },
      ],
    }),
  );

  function changeDrafts(at: Date): void {
    if (drafts.length >= MAX_DRAFTS) {
      // RegisteredResource.remove() sends list_changed itself when connected.
      drafts.shift()?.remove();
      return;
    }
    draftsCreated += 1;
    const title = DRAFT_TITLES[(draftsCreated - 1) % DRAFT_TITLES.length]!;
    const uri = `${DRAFTS_PREFIX}draft-${String(draftsCreated).padStart(3, '0')}.md`;
    const text = draftMarkdown(draftsCreated, title, at);
    // registerResource() sends list_changed itself when connected; sending it here too would double
    // it.
    drafts.push(
      server.registerResource(
        `draft-${draftsCreated}`,
        uri,
        {
          title,
          description: 'A draft note that is still being written.',
          mimeType: 'text/markdown',
          size: utf8Length(text),
          annotations: { audience: ['user'], priority: 0.1, lastModified: at.toISOString() },
        },
        () => ({ contents: [{ uri, mimeType: 'text/markdown', text }] }),
      ),
    );
  }

  function tick(): void {
    tickCount += 1;
    updatedAt = options.now();
    if (server.isConnected() && options.shouldNotify(STATUS_URI)) {
      // A failed send means the connection is going away; onclose stops the timer.
      server.server.sendResourceUpdated({ uri: STATUS_URI }).catch(() => undefined);
    }
    if (tickCount % TICKS_PER_DRAFT_CHANGE === 0) changeDrafts(updatedAt);
  }

  const timer = setInterval(tick, options.tickMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
