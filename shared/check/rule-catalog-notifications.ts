/**
 * The rules of rule-catalog.ts about what a server sends unasked: capabilities kept, updates only
 * for what was subscribed, and the 2026-07-28 listen stream. Pure data.
 */
import type { RuleDefinition } from './rule-basis';

export const RULES_NOTIFICATIONS = {
  'capabilities.subscribe': {
    title: 'subscribe is declared if and only if resources/subscribe answers',
    basis: {
      revision: '2025-11-25',
      section: 'Resources › Capabilities; Basic › Lifecycle',
      level: 'MUST',
      says: 'subscribe: whether the client can subscribe to be notified of changes to individual resources.',
      beyond: 'A capability declared is a promise: a subscribe that then fails breaks it.',
    },
  },
  'subscriptions.unsubscribe': {
    title: 'resources/unsubscribe answers where subscribe is declared',
    basis: {
      revision: '2025-11-25',
      section: 'Resources › Subscriptions (schema.ts, UnsubscribeRequest)',
      level: 'MUST',
      says: 'Sent from the client to request cancellation of resources/updated notifications from the server. This should follow a previous resources/subscribe request.',
      beyond:
        'A server that declares subscribe answers its pair with an EmptyResult: an unsubscribe that fails leaves the client subscribed with no way out.',
    },
  },
  'capabilities.list-changed': {
    title: 'list_changed is sent only where listChanged is declared',
    basis: {
      revision: '2026-07-28',
      section: 'Basic › Subscriptions',
      level: 'MUST',
      says: 'The server MUST NOT send notification types the client has not explicitly requested.',
    },
    legacy: {
      revision: '2025-11-25',
      section: 'Basic › Lifecycle › Operation',
      level: 'MUST',
      says: 'Both parties MUST: Respect the negotiated protocol version; Only use capabilities that were successfully negotiated',
    },
  },
  'subscriptions.only-subscribed': {
    title: 'Updates come only for subscribed URIs',
    basis: {
      revision: '2026-07-28',
      section: 'Basic › Subscriptions',
      level: 'MUST',
      says: 'The server MUST NOT send notification types the client has not explicitly requested.',
    },
    legacy: {
      revision: '2025-11-25',
      section: 'Resources › Subscriptions (schema.ts, ResourceUpdatedNotification)',
      level: 'SHOULD',
      says: 'This should only be sent if the client previously sent a resources/subscribe request.',
    },
  },
  'listen.acknowledged': {
    title: 'A listen stream begins with notifications/subscriptions/acknowledged',
    basis: {
      revision: '2026-07-28',
      section: 'Basic › Subscriptions › Acknowledgment',
      level: 'MUST',
      says: 'The server MUST send notifications/subscriptions/acknowledged as the first message […] and MUST NOT send any notification on the subscription before it.',
    },
  },
  'listen.subscription-id': {
    title: 'Every notification on a listen stream carries its subscriptionId',
    basis: {
      revision: '2026-07-28',
      section: 'Basic › Subscriptions',
      level: 'MUST',
      says: 'the acknowledgment and all subsequent notifications carry the subscription ID',
      beyond:
        'Clients MUST use this field to correlate notifications with their originating subscription: one without it cannot be placed.',
    },
  },
} satisfies Record<string, RuleDefinition>;
