import { describe, expect, it } from 'vitest';
import {
  listChangedRule,
  listenRules,
  onlySubscribedRule,
  SUBSCRIPTION_ID,
  type Note,
} from './notification-rules';

const updated = (uri: string, at: number, subscription?: string): Note => ({
  method: 'notifications/resources/updated',
  params: { uri, ...(subscription && { _meta: { [SUBSCRIPTION_ID]: subscription } }) },
  at,
});

describe('the notification rules', () => {
  it('take an update for a sub-resource of what was subscribed, not one after the subscription ended', () => {
    const watches = [{ uris: ['a://dir'], from: 100, to: 200 }];
    expect(onlySubscribedRule([updated('a://dir/file.ts', 150)], watches, 'legacy')).toMatchObject({
      verdict: 'pass',
      detail: '1 update, each for what was subscribed',
    });
    expect(onlySubscribedRule([updated('a://dir/file.ts', 450)], watches, 'modern')).toMatchObject({
      verdict: 'fail',
    });
    expect(onlySubscribedRule([updated('a://directory', 150)], watches, 'modern')).toMatchObject({
      verdict: 'fail',
      detail: 'an update came for a://directory, which was not subscribed (only a://dir)',
    });
  });

  it('hold a stray update to the level of the era: a 2025-11-25 "should", a 2026-07-28 MUST NOT', () => {
    const watches = [{ uris: ['a://dir'], from: 100, to: 200 }];
    expect(onlySubscribedRule([updated('a://other', 150)], watches, 'legacy')).toMatchObject({
      verdict: 'warn',
      level: 'SHOULD',
      spec: { revision: '2025-11-25' },
    });
    expect(onlySubscribedRule([updated('a://other', 150)], watches, 'modern')).toMatchObject({
      verdict: 'fail',
      level: 'MUST',
      spec: { revision: '2026-07-28' },
    });
  });

  it('pass list_changed where declared, and fail it where not', () => {
    const notes: Note[] = [{ method: 'notifications/resources/list_changed', at: 1 }];
    expect(listChangedRule(notes, true).verdict).toBe('pass');
    expect(listChangedRule(notes, false).verdict).toBe('fail');
    expect(listChangedRule([], false).verdict).toBe('pass');
  });

  it('fail a stream never acknowledged, and a notification naming a stream never opened', () => {
    const listen = { id: 'listen:0', from: 0, to: 1000 };
    expect(
      listenRules([updated('a://x', 10, 'listen:0')], listen).map((entry) => entry.verdict),
    ).toEqual(['fail', 'pass']);
    const ack: Note = {
      method: 'notifications/subscriptions/acknowledged',
      params: { _meta: { [SUBSCRIPTION_ID]: 'listen:0' } },
      at: 5,
    };
    const [first, second] = listenRules([ack, updated('a://x', 10, 'listen:9')], listen);
    expect(first?.verdict).toBe('pass');
    expect(second).toMatchObject({
      verdict: 'fail',
      detail:
        'notifications/resources/updated names subscription "listen:9", which was never opened (ours is listen:0)',
    });
  });
});
