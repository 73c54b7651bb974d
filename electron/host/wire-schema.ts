/**
 * Every message a server sent during a check, validated against the specification's JSON
 * schema of the negotiated revision (spec-schemas/, the files the spec publishes), as the
 * official suite's `wire-schema-valid` does. A response is validated as the result of the
 * request it answers (ListResourcesResult for resources/list, …), a notification as its own
 * type, an error as a JSON-RPC error response. Ajv compiles each definition once.
 */
import AjvModule, { type ValidateFunction } from 'ajv/dist/2020.js';
import type { RuleResult } from '../../shared/check/check-types';
import { cut } from '../../shared/check/list-rules';
import legacySchema from './spec-schemas/2025-11-25.json';
import modernSchema from './spec-schemas/2026-07-28.json';

/** A message the server sent, and, for a response, the method of the request it answers. */
export interface SentMessage {
  message: Record<string, unknown>;
  answers?: string;
}

const SCHEMAS: Record<string, object> = { '2025-11-25': legacySchema, '2026-07-28': modernSchema };

const RESULT_OF: Record<string, string> = {
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'completion/complete': 'CompleteResult',
  initialize: 'InitializeResult',
  'server/discover': 'DiscoverResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  ping: 'EmptyResult',
};
const NOTIFICATION_OF: Record<string, string> = {
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
};

// ajv is CommonJS: its class is the module, or its `default` where a bundler wrapped it.
const Ajv2020 = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as typeof AjvModule;
const compiled = new Map<string, { ajv: InstanceType<typeof Ajv2020>; validators: Map<string, ValidateFunction | null> }>();

function validator(revision: string, definition: string): ValidateFunction | null | undefined {
  const schema = SCHEMAS[revision];
  if (!schema) return undefined;
  let entry = compiled.get(revision);
  if (!entry) {
    // strict off: the published schema uses keywords Ajv does not know (e.g. descriptions in odd places).
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema(schema, revision);
    compiled.set(revision, (entry = { ajv, validators: new Map() }));
  }
  if (!entry.validators.has(definition)) {
    const defs = (schema as { $defs?: Record<string, unknown> }).$defs ?? {};
    entry.validators.set(definition, definition in defs ? entry.ajv.getSchema(`${revision}#/$defs/${definition}`) ?? null : null);
  }
  return entry.validators.get(definition);
}

/** The rule: every message the server sent fits the schema of `revision`. */
export function wireSchemaRule(revision: string | undefined, sent: readonly SentMessage[]): RuleResult {
  const rule = { rule: 'wire.schema', title: "Every message the server sent fits the spec's JSON schema", spec: { revision: revision ?? '?', section: 'schema.json' } };
  if (!revision || !SCHEMAS[revision]) return { ...rule, verdict: 'n/a', detail: `no schema kept for revision ${revision ?? 'unknown'} (kept: ${Object.keys(SCHEMAS).join(', ')})` };
  let checked = 0;
  for (const { message, answers } of sent) {
    let definition: string | undefined;
    let value: unknown = message;
    if ('error' in message) definition = 'JSONRPCErrorResponse';
    else if ('result' in message && answers) {
      definition = RESULT_OF[answers];
      value = message.result;
    } else if (typeof message.method === 'string' && !('id' in message)) definition = NOTIFICATION_OF[message.method];
    if (!definition) continue;
    const validate = validator(revision, definition);
    if (!validate) continue;
    checked += 1;
    if (!validate(value)) {
      const error = validate.errors?.[0];
      const where = error?.instancePath ? ` at ${error.instancePath}` : '';
      return {
        ...rule,
        verdict: 'fail',
        detail: `${answers ? `the answer to ${answers}` : String(message.method ?? 'an error response')} is not a ${definition}${where}: ${error?.message ?? 'invalid'}`,
        evidence: { response: cut(value, 1500) },
      };
    }
  }
  return { ...rule, verdict: checked > 0 ? 'pass' : 'n/a', detail: checked > 0 ? `${checked} messages, each a valid ${revision} ${checked === 1 ? 'message' : 'message of its kind'}` : 'no message of a kind the schema names' };
}
