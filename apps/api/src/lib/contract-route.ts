import fastJson, { type Schema } from 'fast-json-stringify';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOT_ALLOWED,
  can,
  errorAnswerSchema,
  type Contract,
  type ExportFormat,
  type PageMeta,
} from '@kora/shared';
import { tenantOf } from '../plugins/tenancy';
import { forbidden } from './errors';
import { sendExport, type ExportSpec } from './export-file';
import { idempotencyKeyOf, sendCreated } from './idempotency';

/** The validated type of an optional schema (undefined when the contract has none). */
type Infer<T> = [T] extends [undefined] ? undefined : z.infer<NonNullable<T> & z.ZodType>;

/** The request a contract's handler sees: its params, query and body already validated. */
type ContractRequest<C extends Contract> = FastifyRequest<{
  Params: Infer<C['params']>;
  Querystring: Infer<C['query']>;
  Body: Infer<C['body']>;
}>;

export type ContractHandler<C extends Contract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<z.input<C['answer']> | FastifyReply>;

type Serialize = (answer: unknown) => string;

/** One serializer per answer schema: the error answer is shared by every route. */
const serializers = new WeakMap<z.ZodType, Serialize>();

/**
 * Serialises answers with Fastify's own serializer (fast-json-stringify), compiled from the JSON
 * Schema of the answer's zod schema (what the answer looks like once it leaves the server). It
 * writes the declared fields only, so fields no schema declares never leave the server, and it
 * writes an answer two to three times as fast as zod's encode and JSON.stringify did (see
 * bench/README.md). It does not check the answer: its type is checked when the API compiles.
 * Inputs are still validated by zod (the app's validator compiler).
 */
export const answerSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let serialize = serializers.get(schema);
  if (!serialize) {
    const jsonSchema = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      // The serializer writes declared fields only anyway; `additionalProperties: false` would
      // make a nullable object (`anyOf: [object, null]`) with an extra field match neither.
      override: ({ jsonSchema: node }) => {
        if (node.additionalProperties === false) delete node.additionalProperties;
      },
    });
    serialize = fastJson(jsonSchema as Schema) as Serialize;
    serializers.set(schema, serialize);
  }
  return serialize;
};

/**
 * The one access rule, run before validation so a caller learns first that they must sign in,
 * set up their business or hold another role, whatever their input.
 */
const accessHook = (app: FastifyInstance, access: Contract['access']) => {
  if (access === 'public') return undefined;
  if (access === 'user')
    return async (request: FastifyRequest) => void (await app.requireUser(request));
  // A kiosk's calls take only its own token (`Authorization: Kiosk <token>`, plugins/kiosk-auth).
  if (access === 'kiosk') return async (request: FastifyRequest) => app.requireKiosk(request);
  // A member's own calls take only a member token of the gym in the path (plugins/member-auth).
  if (access === 'member') return async (request: FastifyRequest) => app.requireMember(request);
  return async (request: FastifyRequest) => {
    await app.requireBusiness(request);
    if (!can(tenantOf(request).role, access)) throw forbidden(NOT_ALLOWED, 'ROLE_FORBIDDEN');
  };
};

/**
 * Registers a contract's route: its schemas validate the input, its answer schema serialises
 * the answer (answerSerializerCompiler: fields no schema declares never leave the server), and
 * the OpenAPI document gets
 * its operationId, summary, tag, success and error answers from it. The handler's answer is
 * typed by `route` and the helpers below it, which call this.
 */
const register = <C extends Contract>(
  app: FastifyInstance,
  c: C,
  handler: (request: ContractRequest<C>, reply: FastifyReply) => Promise<unknown>,
): void => {
  const hook = accessHook(app, c.access);
  const success = c.status ?? 200;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.route({
    method: c.method,
    url: c.path,
    ...(hook ? { preValidation: hook } : {}),
    // The document declares the Idempotency-Key header of such a route (plugins/docs.ts).
    ...(c.idempotent ? { config: { idempotent: true } } : {}),
    // A multipart form is read by the handler as it streams: its schema documents it only.
    ...(c.form ? { validatorCompiler: () => (data: unknown) => ({ value: data }) } : {}),
    schema: {
      operationId: c.operationId,
      summary: c.summary,
      ...(c.description ? { description: c.description } : {}),
      tags: [c.tag],
      // Public calls say so explicitly: no token needed.
      security:
        c.access === 'public'
          ? []
          : [c.access === 'kiosk' ? { kioskAuth: [] } : { bearerAuth: [] }],
      ...(c.params ? { params: c.params } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      ...(c.body ? { body: c.body } : {}),
      ...(c.form ? { consumes: ['multipart/form-data'], body: c.form } : {}),
      response: {
        // A file (an export) is declared under each of its media types; it is streamed, so no
        // serializer ever writes it.
        [success]: c.produces
          ? {
              description: c.summary,
              content: Object.fromEntries(c.produces.map((type) => [type, { schema: c.answer }])),
            }
          : c.answer,
        // A create replayed with its Idempotency-Key (or a replaying one sent again) answers
        // 200 with the same shape.
        ...(success === 201 && (c.idempotent || c.replays) ? { 200: c.answer } : {}),
        '4xx': errorAnswerSchema,
        // A failure on the server's side: the same shape, never its internals (unless the
        // contract answers a 503 of its own).
        '5xx': errorAnswerSchema,
        ...(c.unavailable ? { 503: c.unavailable } : {}),
      },
    },
    handler: handler as never,
  });
};

/** A contract's route, its handler answering what the contract's answer schema declares. */
export const route = <C extends Contract>(
  app: FastifyInstance,
  c: C,
  handler: ContractHandler<C>,
): void => register(app, c, handler);

/** What an answer `{ message, data }` carries as its data (never, for an answer of another shape). */
type DataOf<C extends Contract> =
  z.input<C['answer']> extends { message: string; data: infer D }
    ? [Exclude<keyof z.input<C['answer']>, 'message' | 'data'>] extends [never]
      ? D
      : never
    : never;

/**
 * A contract's route answering `{ message, data }`: the same message every time, and the data
 * `load` gives (its type checked against the contract's answer).
 */
export const dataRoute = <C extends Contract>(
  app: FastifyInstance,
  c: C,
  message: string,
  load: (request: ContractRequest<C>) => Promise<DataOf<C>>,
): void => register(app, c, async (request) => ({ message, data: await load(request) }));

/**
 * A contract's route answering a message and what `load` gives besides it (a page: `data` and
 * `meta`).
 */
export const pageRoute = <C extends Contract>(
  app: FastifyInstance,
  c: C,
  message: string,
  load: (request: ContractRequest<C>) => Promise<Omit<z.input<C['answer']>, 'message'>>,
): void => register(app, c, async (request) => ({ message, ...(await load(request)) }));

/**
 * A page whose rows PostgreSQL already wrote as the answer's JSON text (the member list: see
 * modules/members/members.list-json.ts), with its meta.
 */
export interface JsonPage {
  /** The JSON array of the page's rows, exactly as the answer's serializer would write them. */
  dataJson: string;
  meta: PageMeta;
}

/**
 * A page route whose rows come as JSON text: the answer `{ message, data, meta }` is put
 * together around it as the serializer would write it (keys in the schema's order, meta's as
 * pageMeta makes them) and sent as it is. The contract's answer schema still documents it, and
 * the API tests check every answer against that document.
 */
export const jsonPageRoute = <C extends Contract>(
  app: FastifyInstance,
  c: C,
  message: string,
  load: (request: ContractRequest<C>) => Promise<JsonPage>,
  options: { totalsAtTop?: boolean } = {},
): void => {
  const head = `{"message":${JSON.stringify(message)},"data":`;
  register(app, c, async (request, reply) => {
    const { dataJson, meta } = await load(request);
    // An answer that repeats meta's total and pages at its top level (the payments list).
    const tail = options.totalsAtTop ? `,"total":${meta.total},"pages":${meta.pages}}` : '}';
    return reply
      .type('application/json; charset=utf-8')
      .send(`${head}${dataJson},"meta":${JSON.stringify(meta)}${tail}`);
  });
};

/**
 * A contract's route that only confirms (its answer `{ message, data: null }`, never another):
 * `act` does the work.
 */
export const doneRoute = <C extends Contract>(
  app: FastifyInstance,
  c: C,
  message: string,
  act: DataOf<C> extends null ? (request: ContractRequest<C>) => Promise<unknown> : never,
): void =>
  register(app, c, async (request) => {
    await act(request);
    return { message, data: null };
  });

/**
 * An idempotent create's route: `create` gets the request's Idempotency-Key and answers the
 * record made under the name `record` (the answer's data) and whether the key repeated an
 * earlier request (`replayed`: 200 with that request's record, nothing created; else 201).
 */
export const createdRoute = <C extends Contract, K extends string>(
  app: FastifyInstance,
  c: C,
  message: string,
  record: K,
  create: (
    request: ContractRequest<C>,
    idempotencyKey: string | undefined,
  ) => Promise<{ replayed: boolean } & { [k in K]: DataOf<C> }>,
): void =>
  register(app, c, async (request, reply) => {
    const made = await create(request, idempotencyKeyOf(request));
    return sendCreated(reply, made.replayed, { message, data: made[record] });
  });

/**
 * A contract's export route: `start` notes the export in the audit trail (before the first row
 * is read) and answers the file's rows, streamed in the format the query asks (every export
 * contract's query carries `format`, packages/shared/src/exports.ts).
 */
export const exportRoute = <C extends Contract, R>(
  app: FastifyInstance,
  c: C,
  start: (request: ContractRequest<C>) => Promise<ExportSpec<R>>,
): void =>
  register(app, c, async (request, reply) => {
    const { format } = request.query as { format: ExportFormat };
    return sendExport(reply, format, await start(request));
  });
