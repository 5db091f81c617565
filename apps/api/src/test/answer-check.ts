import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/*
 * Every answer the API tests receive is checked against the OpenAPI document the API serves
 * (/docs/json), as a client generated from it would read it: the schema of the operation's
 * status (or of its range, 4XX) for its JSON content, validated by Ajv, which honours OpenAPI
 * 3.0's `nullable` (and refuses a `null` an enum does not list) and checks formats. An answer
 * no operation declares (an unknown address, an address the router refuses) must still be the
 * documented error `{ message, code, errors? }`. Each schema is compiled once per document
 * and worker: the test files of a worker share their modules, and every app built with the same
 * routes serves the same document.
 */

// ajv-formats is CommonJS: its function is the default export's default under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Json = Record<string, unknown>;

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** The error every answer without an operation of its own must match. */
const ERROR_ANSWER = {
  type: 'object',
  properties: {
    message: { type: 'string', minLength: 1 },
    code: { type: 'string', minLength: 1 },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['message', 'code'],
  additionalProperties: false,
};

/** One part of a JSON pointer inside a URI fragment (`{id}` percent-encoded). */
const escapePointer = (part: string) =>
  encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'));

/** `/v1/member/:id` → `/v1/member/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** A document's Ajv and the validators compiled from it so far. */
interface Checking {
  ajv: Ajv;
  document: OpenApiDocument;
  compiled: Map<string, ValidateFunction | null>;
}

/** By the document's text: the apps of the files a worker runs serve one or a few documents. */
const checkings = new Map<string, Checking>();

const checkingOf = (document: OpenApiDocument): Checking => {
  const text = JSON.stringify(document);
  let checking = checkings.get(text);
  if (!checking) {
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    // Refs inside the document (#/components/…) resolve against it.
    ajv.addSchema(document as object, 'openapi.json');
    ajv.addSchema(ERROR_ANSWER, 'error-answer');
    checking = { ajv, document, compiled: new Map() };
    if (checkings.size >= 8) checkings.delete(checkings.keys().next().value!);
    checkings.set(text, checking);
  }
  return checking;
};

export interface AnswerChecker {
  /** What did not match so far, one line each; emptied by `take`. */
  take(): string[];
}

/**
 * Adds an onSend hook to `app` (before it is ready) that checks every JSON answer against the
 * document and remembers each mismatch.
 */
export const checkAnswers = (app: FastifyInstance): AnswerChecker => {
  const mismatches: string[] = [];
  let checking: Checking | undefined;
  const setUp = () =>
    (checking ??= checkingOf((app as unknown as { swagger(): OpenApiDocument }).swagger()));

  /** The validator of an answer's JSON body, or null when the document declares none. */
  const validatorFor = (method: string, url: string | undefined, status: number) => {
    const key = `${method} ${url ?? '(no route)'} ${status}`;
    const { ajv, document, compiled } = setUp();
    if (compiled.has(key)) return compiled.get(key)!;
    const path = url === undefined ? undefined : openApiPath(url);
    const operation = path ? document.paths[path]?.[method.toLowerCase()] : undefined;
    let validate: ValidateFunction | null = null;
    if (!operation) {
      // Not an operation of the document (an unknown address, the router's refusals, the
      // web app, /health): its errors are still the documented error.
      if (status >= 400) validate = ajv.getSchema('error-answer')!;
    } else {
      const responses = operation.responses ?? {};
      const code = [String(status), `${String(status)[0]}XX`, 'default'].find((c) => responses[c]);
      const content = code ? responses[code]!.content : undefined;
      if (!code) {
        validate = ajv.compile({ not: {}, description: `status ${status} is not declared` });
      } else if (content?.['application/json']?.schema) {
        const pointer = ['paths', path!, method.toLowerCase(), 'responses', code, 'content']
          .map(escapePointer)
          .join('/');
        validate = ajv.compile({
          $ref: `openapi.json#/${pointer}/application~1json/schema`,
        });
      }
    }
    compiled.set(key, validate);
    return validate;
  };

  app.addHook(
    'onSend',
    async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (request.method === 'HEAD' || !type.includes('application/json')) return payload;
      const text =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : undefined;
      if (text === undefined) return payload;
      const url = request.routeOptions.url;
      const validate = validatorFor(request.method, url, reply.statusCode);
      if (!validate) return payload;
      let body: unknown;
      try {
        body = JSON.parse(text) as Json;
      } catch {
        mismatches.push(`${request.method} ${request.url} → ${reply.statusCode}: not JSON`);
        return payload;
      }
      if (!validate(body)) {
        const problems = (validate.errors ?? [])
          .slice(0, 5)
          .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
          .join('; ');
        mismatches.push(
          `${request.method} ${url ?? request.url.split('?')[0]} → ${reply.statusCode} does ` +
            `not match the OpenAPI document: ${problems} in ${text.slice(0, 300)}`,
        );
      }
      return payload;
    },
  );

  return {
    take: () => mismatches.splice(0),
  };
};
