import { describe, expect, it } from 'vitest';
import { resourceKeyString } from '../catalog/resource-key';
import { ContextSession, cutContextFrame, EMPTY_CURATION } from './context-view';

const key = (serverId: string, uri: string) => resourceKeyString({ serverId, uri });
const frameOf = (
  session: ContextSession,
  gone: Parameters<typeof cutContextFrame>[0]['gone'] = [],
) =>
  cutContextFrame({
    viewId: 'w',
    frame: 1,
    session,
    curation: EMPTY_CURATION,
    previewChars: 10,
    selectedKey: null,
    gone,
    dormant: [],
  });

describe('the context session', () => {
  it('keeps the marks of a server that goes away by its name, and gives them back when it returns under another id', () => {
    const session = new ContextSession();
    session.setMarks([key('s1', 'kb://a'), key('s1', 'kb://b')], 'include');
    session.setMarks([key('s1', 'kb://c')], 'pin');
    session.setMarks([key('s2', 'x://z')], 'exclude');
    session.serverRemoved({ id: 's1', name: 'notes' });
    expect([...session.marks.keys()]).toEqual([key('s2', 'x://z')]);
    expect([...(session.dormant.get('notes') ?? [])]).toEqual([
      ['kb://a', 'include'],
      ['kb://b', 'include'],
      ['kb://c', 'pin'],
    ]);
    session.serverAdded({ id: 's7', name: 'notes' });
    expect(session.marks.get(key('s7', 'kb://c'))).toBe('pin');
    expect(session.picked).toEqual(new Set([key('s7', 'kb://a'), key('s7', 'kb://b')]));
    expect(session.dormant.size).toBe(0);
  });

  it('names every mark, live and dormant, for a profile; and loads them back by name', () => {
    const session = new ContextSession();
    session.load(
      { ...session.settings, focus: 'deploy', budget: 900 },
      [
        { server: 'here', uri: 'kb://a', mark: 'include' },
        { server: 'away', uri: 'kb://b', mark: 'pin' },
      ],
      [{ id: 's1', name: 'here' }],
    );
    expect(session.settings).toMatchObject({ focus: 'deploy', budget: 900 });
    expect(session.marks.get(key('s1', 'kb://a'))).toBe('include');
    expect(session.named([{ id: 's1', name: 'here' }])).toEqual([
      { server: 'here', uri: 'kb://a', mark: 'include' },
      { server: 'away', uri: 'kb://b', mark: 'pin' },
    ]);
  });

  it('changes only what a patch changes, and a half-life of 0 clears it', () => {
    const session = new ContextSession();
    const version = session.version;
    expect(session.apply({ settings: { budget: session.settings.budget } })).toEqual({
      marks: false,
      settings: false,
    });
    expect(session.version).toBe(version);
    expect(session.apply({ settings: { halfLifeDays: 30 } }).settings).toBe(true);
    session.apply({ settings: { halfLifeDays: 0 } });
    expect(session.settings).not.toHaveProperty('halfLifeDays');
    session.setMarks([key('s1', 'a://1'), key('s1', 'a://2')], 'include');
    session.setMarks([key('s1', 'a://3')], 'pin');
    expect(session.apply({ clear: 'include' })).toEqual({ marks: true, settings: false });
    expect([...session.marks.values()]).toEqual(['pin']);
  });

  it('counts marks whose resource is gone nowhere', () => {
    const session = new ContextSession();
    session.setMarks([key('s1', 'a://1'), key('s1', 'a://2')], 'include');
    session.setMarks([key('s1', 'a://3')], 'exclude');
    const frame = frameOf(session, [
      {
        key: key('s1', 'a://2'),
        server: 'one',
        uri: 'a://2',
        mark: 'include',
        why: 'its server no longer lists it',
      },
    ]);
    expect(frame.marks).toEqual({ picked: 1, pinned: 0, excluded: 1 });
    expect(frame.gone).toHaveLength(1);
  });
});
