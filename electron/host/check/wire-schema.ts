/**
 * Every message a server sent during a check, validated against the specification's JSON
 * schema of the negotiated revision (spec-schemas/, the files the spec publishes), as the
 * official suite's `wire-schema-valid` does. A response is validated as the result of the
 * request it answers (ListResourcesResult for resources/list, …), a notification as its own
 * type, an error as a JSON-RPC error response. Ajv compiles each definition once.
 */
import AjvModule, { type ValidateFunction } from 'ajv/dist/2020.js';
import AjvDraft07Module from 'ajv';
import type { RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { templateVariables } from '../../../shared/catalog/uri-template-variables';
import { isUri } from '../../../shared/check/uri-syntax';
import { cut } from '../../../shared/check/list-rules';
import schema20241105 from './spec-schemas/2024-11-05.json';
import schema20250326 from './spec-schemas/2025-03-26.json';
import schema20250618 from './spec-schemas/2025-06-18.json';
import legacySchema from './spec-schemas/2025-11-25.json';
import modernSchema from './spec-schemas/2026-07-28.json';

/** A message the server sent, and, for a response, the method of the request it answers. */
export interface SentMessage {
  message: Record<string, unknown>;
  answers?: string;
}

/** Each revision's schema; those before 2025-11-25 are JSON Schema draft-07, with `definitions`. */
const SCHEMAS: Record<string, { schema: object; draft07?: true }> = {
  '2024-11-05': { schema: schema20241105, draft07: true },
  '2025-03-26': { schema: schema20250326, draft07: true },
  '2025-06-18': { schema: schema20250618, draft07: true },
  '2025-11-25': { schema: legacySchema },
  '2026-07-28': { schema: modernSchema },
};

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
const unwrap = <T>(module: T): T => ((module as unknown as { default?: T }).default ?? module) as T;
const Ajv2020 = unwrap(AjvModule);
const AjvDraft07 = unwrap(AjvDraft07Module);
const compiled = new Map<
  string,
  {
    ajv: InstanceType<typeof Ajv2020> | InstanceType<typeof AjvDraft07>;
    validators: Map<string, ValidateFunction | null>;
  }
>();

function validator(revision: string, definition: string): ValidateFunction | null | undefined {
  const kept = SCHEMAS[revision];
  if (!kept) return undefined;
  const { schema, draft07 } = kept;
  let entry = compiled.get(revision);
  if (!entry) {
    // strict off: the published schema uses keywords Ajv does not know (e.g. descriptions in odd
    // places). Its formats are checked as the official suite checks them: a uri by RFC 3986 (a
    // resource listed as "not a uri" is not valid), a uriTemplate by RFC 6570; `byte` (base64)
    // is left to read.back, which checks every blob.
    const options = { strict: false, allErrors: false };
    const ajv = draft07 ? new AjvDraft07(options) : new Ajv2020(options);
    ajv.addFormat('uri', isUri);
    ajv.addFormat('uri-template', (value: string) => !templateVariables(value).error);
    ajv.addFormat('byte', true);
    ajv.addSchema(schema, revision);
    compiled.set(revision, (entry = { ajv, validators: new Map() }));
  }
  // Before 2025-11-25 the error response was named JSONRPCError, and the definitions sat in
  // `definitions`.
  const name = draft07 && definition === 'JSONRPCErrorResponse' ? 'JSONRPCError' : definition;
  const where = draft07 ? 'definitions' : '$defs';
  if (!entry.validators.has(name)) {
    const defs = (schema as Record<string, Record<string, unknown> | undefined>)[where] ?? {};
    entry.validators.set(
      name,
      name in defs ? (entry.ajv.getSchema(`${revision}#/${where}/${name}`) ?? null) : null,
    );
  }
  return entry.validators.get(name);
}

/** The rule: every message the server sent fits the schema of `revision`. */
export function wireSchemaRule(
  revision: string | undefined,
  sent: readonly SentMessage[],
): RuleResult {
  const judged = judge('wire.schema');
  // Held to the schema of the revision it negotiated.
  const spec = { revision: revision ?? '?', section: 'schema.json' };
  const rule = {
    pass: (detail: string) => ({ ...judged.pass(detail), spec }),
    notApplicable: (detail: string) => ({ ...judged.notApplicable(detail), spec }),
    broken: (detail: string, evidence: { response: unknown }) => ({
      ...judged.broken(detail, evidence),
      spec,
    }),
  };
  if (!revision || !SCHEMAS[revision])
    return rule.notApplicable(
      `no schema kept for revision ${revision ?? 'unknown'} (kept: ${Object.keys(SCHEMAS).join(', ')})`,
    );
  let checked = 0;
  for (const { message, answers } of sent) {
    let definition: string | undefined;
    let value: unknown = message;
    if ('error' in message) definition = 'JSONRPCErrorResponse';
    else if ('result' in message && answers) {
      definition = RESULT_OF[answers];
      value = message.result;
    } else if (typeof message.method === 'string' && !('id' in message))
      definition = NOTIFICATION_OF[message.method];
    if (!definition) continue;
    const validate = validator(revision, definition);
    if (!validate) continue;
    checked += 1;
    if (!validate(value)) {
      const error = validate.errors?.[0];
      const where = error?.instancePath ? ` at ${error.instancePath}` : '';
      return rule.broken(
        `${answers ? `the answer to ${answers}` : String(message.method ?? 'an error response')} is not a ${definition}${where}: ${error?.message ?? 'invalid'}`,
        { response: cut(value, 1500) },
      );
    }
  }
  return checked > 0
    ? rule.pass(
        `${checked} messages, each a valid ${revision} ${checked === 1 ? 'message' : 'message of its kind'}`,
      )
    : rule.notApplicable('no message of a kind the schema names');
}
