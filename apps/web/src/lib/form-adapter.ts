import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { withoutEmpty } from './form-values';

/** Any zod 4 schema (the type the resolver takes). */
export type Schema = Parameters<typeof zod4Resolver>[0];
/** What a schema's parse gives. */
export type Output<S extends Schema> = S['_zod']['output'];

type FormValues = Record<string, unknown>;
/** The values with an emptied field as null: what an update compares and sends. */
type Cleared<V> = { [K in keyof V]: V[K] | null };
/** An entity read field by field: each form field from the entity's field of the same name. */
type EntityOf<V> = { [K in keyof V]?: unknown };

/** The part of a zod 4 schema read for limits: its definition, and a string's `maxLength`. */
interface SchemaNode {
  _zod: {
    def: {
      type: string;
      innerType?: SchemaNode;
      in?: SchemaNode;
      shape?: Record<string, SchemaNode>;
    };
  };
  maxLength?: number | null;
}

/**
 * The longest text a field of an object schema takes (its string `.max()`), seen through
 * optional, nullable, default and required wrappers and through transforms; undefined for a
 * field that is not text or has no maximum.
 */
export const maxLengthOf = (schema: Schema, field: string): number | undefined => {
  let node: SchemaNode | undefined = (schema as unknown as SchemaNode)._zod.def.shape?.[field];
  while (node) {
    const { def } = node._zod;
    if (def.type === 'string') return node.maxLength ?? undefined;
    node = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  }
  return undefined;
};

/** Every field of an object schema as '' (an empty text input), less the `except` ones. */
export const blankValues = <S extends Schema, X extends keyof Output<S> = never>(
  schema: S,
  except: readonly X[] = [],
) => {
  const shape = (schema as unknown as SchemaNode)._zod.def.shape ?? {};
  const fields = Object.keys(shape).filter((key) => !except.includes(key as X));
  return Object.fromEntries(fields.map((key) => [key, ''])) as {
    [K in Exclude<keyof Output<S>, X>]-?: string;
  };
};

const blank = (v: unknown) => v === null || v === undefined || v === '';
const asNumber = (v: unknown) => (v === '' || v === null ? NaN : Number(v));

/**
 * Whether a field kept its value: text compared without surrounding spaces, numbers by value
 * (5000 and "5000" are the same; an empty number is never the same as anything).
 */
const same = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'number' || typeof b === 'number') return asNumber(a) === asNumber(b);
  if (typeof a === 'string' && typeof b === 'string') return a.trim() === b.trim();
  return a === b;
};

/** A value as an update sends it: text trimmed, and an emptied field as null. */
const cleared = (v: unknown) => {
  const value = typeof v === 'string' ? v.trim() : v;
  return value === '' ? null : value;
};

export interface FormAdapterOptions<
  V extends FormValues,
  C extends Schema,
  U extends Schema,
  E extends object,
> {
  /** The shared create rules and messages: what the form checks, and the create payload. */
  create: C;
  /** The shared update rules: the update payload (changed fields only). */
  update?: U;
  /** A new form's values. */
  empty: V;
  /**
   * How an entity's fields differ in the form; the others are the entity's field of the same
   * name (a number as text where the form keeps text), or the empty value when it has none.
   */
  fromEntity?: (entity: E) => Partial<V>;
  /** The values in the shape the schemas check (a select's '' as null, an id as a number). */
  toSchema?: (values: Cleared<V>) => FormValues;
}

export interface FormAdapter<V extends FormValues, C extends Schema, U extends Schema, E> {
  /** A new form's values. */
  empty: V;
  /** An entity as the edit form shows it. */
  fromEntity: (entity: E) => V;
  /** The form's rules and messages: the create schema's, over the schema-shaped values. */
  validate: (values: V) => FormErrors;
  /** The create payload, parsed, with the empty values left out; `extra` joins the values. */
  createPayload: (values: V, extra?: FormValues) => Partial<Output<C>>;
  /** The fields whose value changed (text compared without surrounding spaces). */
  changedFields: (values: V, initial: V) => (keyof V & string)[];
  /**
   * The update payload: the changed fields only (an emptied one as null), parsed; {} when
   * nothing changed. `extra` joins the changed fields.
   */
  updatePayload: (values: V, initial: V, extra?: FormValues) => Output<U>;
  /** The longest text the field takes, from the shared limits (the inputs' maxLength). */
  maxLength: (field: string) => number | undefined;
}

/** One form's values, checks and payloads, all from the shared schemas. */
export const formAdapter = <
  V extends FormValues,
  C extends Schema,
  U extends Schema = C,
  E extends object = EntityOf<V>,
>(
  options: FormAdapterOptions<V, C, U, E>,
): FormAdapter<V, C, U, E> => {
  const { create, empty, fromEntity } = options;
  const update = options.update ?? create;
  const toSchema = options.toSchema ?? ((values: Cleared<V>): FormValues => values);
  const keys = Object.keys(empty) as (keyof V & string)[];
  const resolve = zod4Resolver(create);
  const parse = <S extends Schema>(schema: S, input: unknown) =>
    (schema as unknown as { parse: (v: unknown) => Output<S> }).parse(input);

  const changedFields = (values: V, initial: V) =>
    keys.filter((key) => !same(values[key], initial[key]));

  return {
    empty,
    fromEntity: (entity) => {
      const values = { ...empty };
      for (const key of keys) {
        const value = (entity as EntityOf<V>)[key];
        if (blank(value)) continue;
        values[key] = (
          typeof empty[key] === 'string' && typeof value === 'number' ? String(value) : value
        ) as V[typeof key];
      }
      return { ...values, ...fromEntity?.(entity) };
    },
    validate: (values) => resolve(toSchema(values)),
    createPayload: (values, extra) =>
      withoutEmpty(parse(create, { ...toSchema(values), ...extra }) as object) as Partial<
        Output<C>
      >,
    changedFields,
    updatePayload: (values, initial, extra) => {
      const changed = changedFields(values, initial);
      const all = Object.fromEntries(keys.map((key) => [key, cleared(values[key])])) as Cleared<V>;
      const shaped = toSchema(all);
      const input = Object.fromEntries(changed.map((key) => [key, shaped[key]]));
      return parse(update, { ...input, ...extra });
    },
    maxLength: (field) => maxLengthOf(create, field),
  };
};
