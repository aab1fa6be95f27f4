import type { z } from 'zod';

/**
 * The string fields a request schema accepts, found by walking the zod schema itself, so
 * a test covers every field of every route without a list to keep up to date. Each leaf
 * knows its path and how to build a request value that puts something at that path (with
 * the literal fields of its object, e.g. a discriminated union's `step`).
 */
export interface StringLeaf {
  path: (string | number)[];
  /** The smallest input that holds `value` at `path`. */
  place: (value: unknown) => unknown;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function walk(
  schema: z.ZodType,
  path: (string | number)[],
  place: (value: unknown) => unknown,
): StringLeaf[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, place }];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType!, path, place);
    case 'pipe':
      return walk(def.in!, path, place);
    case 'array':
      return walk(def.element!, [...path, 0], (value) => place([value]));
    case 'union':
      return def.options!.flatMap((option) => walk(option, path, place));
    case 'intersection':
      return [...walk(def.left!, path, place), ...walk(def.right!, path, place)];
    case 'object': {
      const shape = def.shape!;
      // Literal fields go with every value placed inside: a union's discriminator.
      const literals = Object.fromEntries(
        Object.entries(shape)
          .filter(([, child]) => defOf(child).type === 'literal')
          .map(([key, child]) => [key, defOf(child).values![0]]),
      );
      return Object.entries(shape).flatMap(([key, child]) =>
        walk(child, [...path, key], (value) => place({ ...literals, [key]: value })),
      );
    }
    default:
      return [];
  }
}

/** Every string leaf of `schema`, each path once. */
export function stringLeaves(schema: z.ZodType): StringLeaf[] {
  const seen = new Set<string>();
  return walk(schema, [], (value) => value).filter((leaf) => {
    const key = leaf.path.join('.');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
