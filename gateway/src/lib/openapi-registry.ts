import { z } from 'zod';
import type { GlobalMeta } from 'zod';

type Registry = typeof z.globalRegistry;
type Entry = Parameters<Registry['add']>[0];
type Meta = ReturnType<Registry['get']>;

const INPUT_SUFFIX = 'Input';

/** A WeakMap that answers from `fallback` for keys it does not hold itself (keeps `.describe()` texts). */
class FallbackWeakMap<K extends WeakKey, V> extends WeakMap<K, V> {
  readonly #fallback: WeakMap<K, V>;

  constructor(fallback: WeakMap<K, V>) {
    super();
    this.#fallback = fallback;
  }

  override get(key: K): V | undefined {
    return super.has(key) ? super.get(key) : this.#fallback.get(key);
  }

  override has(key: K): boolean {
    return super.has(key) || this.#fallback.has(key);
  }
}

/**
 * The schema registry the OpenAPI generator uses. fastify-type-provider-zod names the request-side copy
 * of a component `<id>Input`, so a shared schema whose own id is `<X>Input` next to a schema `<X>` (e.g.
 * 'VenueInput' next to 'Venue') would collide. Such input-only schemas are kept without a component id
 * here (they are inlined where used); everything else — ids, descriptions — comes from `base`.
 */
export function openApiRegistry(base: Registry = z.globalRegistry): Registry {
  const registry = z.registry<GlobalMeta>() as Registry;
  registry._map = new FallbackWeakMap(base._map);
  const ids = new Set(base._idmap.keys());
  for (const [id, schema] of base._idmap) {
    const meta: Meta = base._map.get(schema as Entry) ?? { id };
    const clashes = id.endsWith(INPUT_SUFFIX) && ids.has(id.slice(0, -INPUT_SUFFIX.length));
    if (clashes) {
      const { id: _dropped, ...rest } = meta;
      registry._map.set(schema as Entry, rest);
    } else {
      registry.add(schema as Entry, meta);
    }
  }
  return registry;
}
