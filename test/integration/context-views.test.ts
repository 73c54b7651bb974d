/**
 * The context kept by the host, as a window sees it: frames, updates, gone resources, the
 * session kept on disk, and the same bytes as the CLI. Real servers: the demo (v2 SDK,
 * in memory, a status page that changes on every tick and drafts that come and go) and the
 * knowledge base (stdio, no annotations).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDemoServer } from '../../electron/demo-server/server';
import { DRAFTS_PREFIX, STATUS_URI } from '../../electron/demo-server/live';
import type { Host } from '../../electron/host/host';
import { createProfileStore } from '../../electron/host/store/profile-store';
import { resourceKeyString } from '../../shared/catalog/resource-key';
import {
  followContextFrame,
  type ContextFrame,
  type FullContextFrame,
} from '../../shared/context/context-wire';
import type { HostOptions } from '../../electron/host/host';
import type { ServerConfig } from '../../shared/mcp-types';
import { serverNodeId } from '../../shared/catalog/node-ids';
import { fixture, nextEvent, settled, startHost, WAIT_MS } from './harness';

let hosts: Host[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((host) => host.close()));
  hosts = [];
});

function demo(tickMs: number, options: Omit<HostOptions, 'servers'> = {}) {
  const started = startHost(
    [{ name: 'demo', transport: { kind: 'stdio', command: 'unused', args: [] } }],
    {
      ...options,
      transportFor: () => {
        const [client, server] = InMemoryTransport.createLinkedPair();
        serveStdio(() => createDemoServer({ tickMs }), { transport: server });
        return client;
      },
    },
  );
  hosts.push(started.host);
  return started.host;
}

/**
 * The context frames of one window, as it keeps them (followContextFrame), and a wait for the first
 * that matches.
 */
function watchFrames(host: Host, viewId: string) {
  const frames: FullContextFrame[] = [];
  const waiters: {
    test: (frame: FullContextFrame) => boolean;
    resolve: (frame: FullContextFrame) => void;
  }[] = [];
  host.onEvent((event) => {
    if (event.type !== 'context' || event.frame.viewId !== viewId) return;
    const frame = followContextFrame(
      frames.at(-1) ?? { ...event.frame, included: [], text: '', tokenMap: [] },
      event.frame,
    );
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (!waiter.test(frame)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(frame);
    }
  });
  const until = (test: (frame: FullContextFrame) => boolean, ms = WAIT_MS) =>
    new Promise<FullContextFrame>((resolve, reject) => {
      const found = frames.findLast(test);
      if (found) return resolve(found);
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no such context frame within ${ms} ms; last: ${JSON.stringify(frames.at(-1))?.slice(0, 400)}`,
            ),
          ),
        ms,
      );
      waiters.push({ test, resolve: (frame) => (clearTimeout(timer), resolve(frame)) });
    });
  return { frames, until };
}

describe('the context on the host', () => {
  it('re-reads a resource in the context when the server says it changed, and marks it changed', async () => {
    const host = demo(150);
    await settled(host);
    const { until } = watchFrames(host, 'w');
    await host.openView('w', {});
    const key = resourceKeyString({ serverId: 's1', uri: STATUS_URI });
    await host.updateContext('w', {
      showIncluded: true,
      settings: { auto: false },
      mark: { keys: [key], mark: 'include' },
    });
    const first = await until(
      (frame) => frame.state === 'done' && frame.included.some((entry) => entry.key === key),
    );
    const tick = (frame: FullContextFrame) => /\(tick (\d+)\)/.exec(frame.text)?.[1];
    expect(tick(first)).toBeDefined();
    // Subscribed because it is in the context; the next ticks re-read it and say so.
    const later = await until((frame) => frame.state === 'done' && tick(frame) !== tick(first));
    expect(later.included.find((entry) => entry.key === key)?.changed).toBe(true);
    expect(later.marks.picked).toBe(1);
  });

  it('sends the included list only while the window shows it, and the list, the text and the token map only when they changed', async () => {
    const host = demo(60_000);
    await settled(host);
    const raw: ContextFrame[] = [];
    host.onEvent(
      (event) =>
        void (event.type === 'context' && event.frame.viewId === 'w' && raw.push(event.frame)),
    );
    const { until } = watchFrames(host, 'w');
    await host.openView('w', {});
    const done = await until(
      (frame) => frame.state === 'done' && !frame.totalPending && frame.includedCount > 0,
    );
    // The list is closed: no frame carried it. The token map came, and adds up to what is used.
    expect(raw.every((frame) => frame.included === undefined)).toBe(true);
    expect(done.tokenMap.reduce((sum, server) => sum + server.tokens, 0)).toBe(done.used);
    // In Markdown the done frame says the whole count itself; a frame that changes nothing of the
    // context carries none of it again.
    expect(raw.filter((frame) => frame.state === 'done' && frame.totalPending)).toEqual([]);
    await host.updateContext('w', { select: null });
    expect(raw.at(-1)?.text).toBeUndefined();
    expect(raw.at(-1)?.tokenMap).toBeUndefined();
    expect(done.text.length).toBe(done.textLength);
    // Opened, the list comes with the next frame, whole; the frame after that leaves it out.
    await host.updateContext('w', { showIncluded: true });
    const listed = raw.at(-1) as ContextFrame;
    expect(listed.included?.length).toBe(done.includedCount);
    expect(listed.included?.reduce((sum, entry) => sum + entry.tokens, 0)).toBe(done.used);
    expect(listed.text).toBeUndefined();
    await host.updateContext('w', { select: null });
    expect(raw.at(-1)?.included).toBeUndefined();
    // Opened again (a reload), the view's next frame carries everything.
    await host.openView('w', {});
    expect(raw.at(-1)?.text).toBe(done.text);
    expect(raw.at(-1)?.tokenMap).toEqual(done.tokenMap);
    expect(raw.at(-1)?.included).toEqual(listed.included);
  });

  it('shows a picked resource the server removed as gone, counted nowhere, until it is dropped', async () => {
    // The demo ticks on setInterval, which nothing else here uses for a server in memory: the test
    // is its clock, so the draft is picked while it is listed however slow the machine is.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const host = demo(100);
      const ticks = (count: number) => vi.advanceTimersByTimeAsync(100 * count);
      const { until } = watchFrames(host, 'w');
      await host.openView('w', {});
      const draft = `${DRAFTS_PREFIX}draft-001.md`;
      const key = resourceKeyString({ serverId: 's1', uri: draft });
      await until(
        (frame) =>
          frame.state === 'done' && frame.textLength > 0 && host.context.session.marks.size === 0,
      );
      // The first draft comes at the third tick and goes at the twelfth. (Not expect.poll, which
      // moves fake timers on as it polls.)
      const listed = nextEvent(
        host,
        (event) => event.type === 'catalog-relisted' && event.diff.resources.added.includes(draft),
      );
      await ticks(3);
      await listed;
      await host.updateContext('w', {
        showIncluded: true,
        settings: { auto: false },
        mark: { keys: [key], mark: 'include' },
      });
      const picked = await until((frame) => frame.included.some((entry) => entry.key === key));
      expect(picked.marks.picked).toBe(1);
      await ticks(9);
      const gone = await until(
        (frame) => frame.state === 'done' && frame.gone.some((entry) => entry.key === key),
      );
      expect(gone.gone.find((entry) => entry.key === key)).toMatchObject({
        server: 'demo',
        uri: draft,
        mark: 'include',
        why: 'its server no longer lists it',
      });
      expect(gone.marks.picked).toBe(0);
      expect(gone.included.some((entry) => entry.key === key)).toBe(false);
      await host.updateContext('w', { dropGone: [key] });
      const dropped = await until((frame) => frame.gone.length === 0);
      expect(host.context.session.marks.has(key)).toBe(false);
      expect(dropped.marks.picked).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the session on disk: a new host with the same file brings the marks, settings and focus back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'session-'));
    const sessionFile = join(dir, 'session.json');
    const kb = fixture('knowledge-base-server.ts');
    const first = startHost([kb], { sessionFile });
    hosts.push(first.host);
    await settled(first.host);
    await first.host.openView('w', {});
    const key = resourceKeyString({ serverId: 's1', uri: 'kb://team/guides/onboarding.md' });
    await first.host.updateContext('w', {
      settings: { focus: 'restore a backup', budget: 1200 },
      mark: { keys: [key], mark: 'pin' },
    });
    await first.host.context.settled();
    const text = await first.host.getContextText();
    await first.host.close();
    hosts = [];
    expect(JSON.parse(await readFile(sessionFile, 'utf8'))).toMatchObject({
      policy: { focus: 'restore a backup', budget: 1200 },
      marks: [{ uri: 'kb://team/guides/onboarding.md', mark: 'pin' }],
    });

    const second = startHost([kb], { sessionFile });
    hosts.push(second.host);
    await second.host.ready;
    await settled(second.host);
    const { until } = watchFrames(second.host, 'w2');
    await second.host.openView('w2', {});
    const back = await until((frame) => frame.state === 'done' && frame.textLength > 0);
    expect(back.settings).toMatchObject({ focus: 'restore a backup', budget: 1200 });
    expect(back.marks.pinned).toBe(1);
    expect(await second.host.getContextText()).toBe(text);
  });

  it('never overwrites a session file it cannot read: it says why in every window, and leaves the file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'session-'));
    const sessionFile = join(dir, 'session.json');
    await writeFile(sessionFile, '{ not json');
    const { host } = startHost([fixture('knowledge-base-server.ts')], { sessionFile });
    hosts.push(host);
    await host.ready;
    const { until } = watchFrames(host, 'w');
    await host.openView('w', {});
    await host.updateContext('w', { settings: { budget: 999 } });
    // At once: the last session could not be brought back; after the first change: nor kept.
    expect((await until((next) => next.sessionProblem !== undefined)).sessionProblem).toMatch(
      /^the last session could not be restored: profile "session" could not be loaded: it is not JSON .*; a copy is at /,
    );
    const frame = await until(
      (next) => next.sessionProblem?.startsWith('the session is not being kept') === true,
    );
    expect(frame.sessionProblem).toMatch(
      /^the session is not being kept: profile "session" could not be loaded: it is not JSON/,
    );
    expect(await readFile(sessionFile, 'utf8')).toBe('{ not json');
  });

  it("shows a focus's first decision from what was read, then reads the rest and decides again", async () => {
    const { host } = startHost([fixture('knowledge-base-server.ts')]);
    hosts.push(host);
    await settled(host);
    const { frames, until } = watchFrames(host, 'w');
    await host.openView('w', {});
    await host.updateContext('w', { settings: { budget: 600 } });
    await until((frame) => frame.state === 'done' && frame.settings.budget === 600);
    const focus = 'restore a backup';
    await host.updateContext('w', { settings: { focus } });
    // The first decision ranks by what a budget of 600 read: the catalog's other texts follow.
    const first = await until(
      (frame) => frame.settings.focus === focus && (frame.focusPending ?? 0) > 0,
    );
    expect(first.state).toBe('working');
    expect(first.focusSeen?.read).toBeLessThan(first.focusSeen?.of ?? 0);
    const done = await until((frame) => frame.settings.focus === focus && frame.state === 'done');
    expect(done.focusPending).toBeUndefined();
    // Until then, every frame says the focus is still reading.
    const between = frames.slice(frames.indexOf(first), frames.indexOf(done));
    expect(between.length).toBeGreaterThan(0);
    for (const frame of between) expect(frame.focusPending).toBeGreaterThan(0);
    expect(done.focusSeen?.read).toBe(done.focusSeen?.of);
    expect(done.text).toContain('- URI: kb://team/runbooks/restore-backup.md');
  });

  it('gives the same bytes as `mcp-context assemble --profile` for the same profile, focus included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'same-bytes-'));
    const profiles = createProfileStore(dir);
    const server: ServerConfig = fixture('knowledge-base-server.ts');
    await profiles.save({
      kind: 'mcp-context-profile',
      version: 2,
      name: 'ops',
      savedAt: '2026-12-01T10:00:00.000Z',
      servers: [server],
      picks: [{ server: server.name, uri: 'kb://team/notes/glossary.md' }],
      marks: [{ server: server.name, uri: 'kb://team/runbooks/restart-api.md', mark: 'exclude' }],
      policy: {
        auto: true,
        audience: 'assistant',
        threshold: 0.5,
        requirePriorityOne: true,
        budget: 1500,
        order: 'rank',
        focus: 'rotate the database credentials',
      },
      output: { format: 'markdown', encoding: 'o200k_base' },
    });
    const cli = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['bin/mcp-context.mjs', 'assemble', '--profile', join(dir, 'ops.json')],
        { maxBuffer: 16 * 1024 * 1024 },
        (error, stdout, stderr) => (error ? reject(new Error(stderr)) : resolve(stdout)),
      ),
    );
    const { host } = startHost([server], { profiles });
    hosts.push(host);
    await settled(host);
    const { until } = watchFrames(host, 'w');
    await host.openView('w', {});
    await host.loadProfile('ops');
    const frame = await until(
      (next) =>
        next.state === 'done' &&
        next.settings.focus === 'rotate the database credentials' &&
        next.marks.picked === 1,
    );
    expect(frame.text).toBe(cli);
    expect(await host.getContextText()).toBe(cli);
    expect(cli).toContain('- URI: kb://team/runbooks/rotate-database-credentials.md');
    expect(cli).not.toContain('- URI: kb://team/runbooks/restart-api.md');
  });

  it('a folder’s checkbox picks and unpicks only what has no other mark: pins and exclusions stay', async () => {
    const { host } = startHost([fixture('knowledge-base-server.ts')]);
    hosts.push(host);
    await settled(host);
    await host.openView('w', {});
    const key = (path: string) => resourceKeyString({ serverId: 's1', uri: `kb://team/${path}` });
    await host.updateContext('w', {
      settings: { auto: false },
      mark: { keys: [key('runbooks/restart-api.md')], mark: 'pin' },
    });
    await host.updateContext('w', {
      mark: { keys: [key('runbooks/restore-backup.md')], mark: 'exclude' },
    });
    const on = await host.updateView('w', { toggleUnder: serverNodeId('s1') });
    expect(on.toggled).toEqual({ on: true, count: 20 });
    const marks = host.context.session.marks;
    expect(marks.get(key('runbooks/restart-api.md'))).toBe('pin');
    expect(marks.get(key('runbooks/restore-backup.md'))).toBe('exclude');
    expect(marks.get(key('guides/onboarding.md'))).toBe('include');
    await host.updateView('w', { toggleUnder: serverNodeId('s1') });
    expect([...marks.values()].sort()).toEqual(['exclude', 'pin']);
  });

  it('refuses marks for a server it does not have, so nothing counts that shows nowhere', async () => {
    const { host } = startHost([fixture('knowledge-base-server.ts')]);
    hosts.push(host);
    await settled(host);
    const { until } = watchFrames(host, 'w');
    await host.openView('w', {});
    await host.updateContext('w', {
      mark: {
        keys: [resourceKeyString({ serverId: 's9', uri: 'kb://team/x.md' })],
        mark: 'include',
      },
    });
    const frame = await until((next) => next.state === 'done');
    expect(frame.marks.picked).toBe(0);
    expect(host.context.session.marks.size).toBe(0);
  });
});
