import { z } from 'zod';
import type { Action } from './access';

/**
 * Who may call: anyone (`public`), any signed-in user, business or not (`user`), a kiosk of a
 * business (`kiosk`: the header `Authorization: Kiosk <token>`, refused everywhere else), a gym's
 * member on their own page (`member`: a bearer member token of that business, refused on every
 * other call), or a member of a business's team allowed to take an action (see `can`).
 */
type Access = 'public' | 'user' | 'kiosk' | 'member' | Action;

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One call of the API, declared once: the API registers and serialises its route from it and
 * the web app and the end-to-end tests build their requests from it.
 */
export interface Contract<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path: `/v1/member/:id`. */
  path: string;
  /** Unique, camelCase: the OpenAPI operationId. */
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A multipart form body (a file upload): documented as `multipart/form-data` with these
   * fields; the handler reads the parts as they stream (sizes checked while reading), so the
   * schema documents the form rather than validating it.
   */
  form?: z.ZodType;
  /** The whole success answer (`{ message, data, meta? }`). */
  answer: A;
  /**
   * 200 unless stated (creates answer 201, or 200 when an Idempotency-Key replays them; 202: a
   * request accepted, its work done later, such as a message queued; 204: done, no body).
   */
  status?: 200 | 201 | 202 | 204;
  /** Accepts an `Idempotency-Key` header: the same key again answers the first result. */
  idempotent?: boolean;
  /**
   * A create that may answer, 200 with the same shape, the record an earlier call made from
   * the same request without an Idempotency-Key (the same file uploaded again).
   */
  replays?: boolean;
  /** The 503 answer when it is not the error answer (the health check's `{ status }`). */
  unavailable?: z.ZodType;
  /**
   * The success answer is a file of one of these media types (an export), streamed as it is
   * written, not `{ message, data }`: `answer` then describes the file's body.
   */
  produces?: readonly string[];
}

/** Declares a contract, keeping its exact schema types. */
export const contract = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends z.ZodType = z.ZodType,
>(
  c: Contract<P, Q, B, A>,
): Contract<P, Q, B, A> => c;

const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  /** True when a search matched more rows than it counts: `total` is then a floor. */
  total_capped: z.boolean().optional(),
});

/** `{ message, data }`: every answer. */
export const answerOf = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** `{ message, data: [...], meta }`: every paged list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ message: z.string(), data: z.array(item), meta: pageMetaSchema });

/** `{ message, data: null }`: calls that only confirm. */
export const doneAnswer = answerOf(z.null());

/** Every error: a message for people, a code for programs, and the field messages of a 400. */
export const errorAnswerSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
