// The read model's query paths against a brute-force oracle (filter, then sort, then slice), in memory (no
// events: the source is an array). Loading, events and rebuilds are in read-model.int.test.ts.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@venuebook/domain/testing';
import { createLogger } from '../logger.ts';
import { ReadModel } from './read-model.ts';

interface Item {
  id: string;
  parent: string | undefined;
  name: string;
  tags: string[];
  at: number;
}

const TAGS = ['red', 'green', 'blue'];
const byName = (a: Item, b: Item): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newest = (a: Item, b: Item): number => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const SORTS = { name: byName, newest };

function makeItem(random: () => number, n: number): Item {
  const words = ['arena', 'hall', 'studio', 'dock', 'field', 'club'];
  return {
    id: `item-${String(n).padStart(4, '0')}`,
    parent: random() < 0.1 ? undefined : `venue-${Math.floor(random() * 12)}`,
    name: `${words[Math.floor(random() * words.length)]} ${Math.floor(random() * 50)}`,
    tags: TAGS.filter(() => random() < 0.3),
    at: Math.floor(random() * 1000),
  };
}

async function loaded(items: readonly Item[]) {
  const model = new ReadModel<Item, Item, keyof typeof SORTS>({
    name: 'items',
    logger: createLogger('read-model-unit', { level: 'warn' }),
    source: {
      scan: async function* () {
        yield* items;
      },
      byId: async (id) => items.find((item) => item.id === id) ?? null,
    },
    toRecord: (item) => ({ ...item }),
    searchText: (item) => item.name,
    tagValues: TAGS,
    tagsOf: (item) => item.tags,
    sorts: SORTS,
    groupOf: (item) => item.parent,
  });
  await model.start();
  return model;
}

describe('ReadModel.query', () => {
  it('answers every combination of group, tags, filter, sort and page as a brute-force filter and sort does, through writes', async () => {
    const random = seededRandom(11);
    let items = Array.from({ length: 400 }, (_, n) => makeItem(random, n));
    const model = await loaded(items);
    let next = items.length;
    for (let step = 0; step < 300; step++) {
      // A write: add, change (possibly to another group) or remove.
      const roll = random();
      if (roll < 0.4) {
        const item = makeItem(random, next++);
        items = [...items, item];
        model.upsert({ ...item });
      } else if (roll < 0.8 && items.length > 0) {
        const at = Math.floor(random() * items.length);
        const changed = { ...makeItem(random, 0), id: items[at]!.id };
        items = items.map((item, position) => (position === at ? changed : item));
        model.upsert({ ...changed });
      } else if (items.length > 0) {
        const gone = items[Math.floor(random() * items.length)]!;
        items = items.filter((item) => item.id !== gone.id);
        model.remove(gone.id);
      }
      // A query of a random shape.
      const group = random() < 0.6 ? `venue-${Math.floor(random() * 13)}` : undefined;
      const tags = random() < 0.3 ? [TAGS[Math.floor(random() * TAGS.length)]!] : [];
      const filter = random() < 0.2 ? (item: Item) => item.at % 2 === 0 : undefined;
      const sort = random() < 0.5 ? 'name' : 'newest';
      const offset = Math.floor(random() * 3) * 5;
      const limit = 5 + Math.floor(random() * 10);
      const expected = items
        .filter((item) => group === undefined || item.parent === group)
        .filter((item) => tags.length === 0 || item.tags.some((tag) => tags.includes(tag)))
        .filter((item) => !filter || filter(item))
        .sort(SORTS[sort]);
      const page = model.query({ sort, offset, limit, tags, ...(group !== undefined ? { group } : {}), ...(filter ? { filter } : {}) });
      expect(page.total, `step ${step}`).toBe(expected.length);
      expect(
        page.items.map((item) => item.id),
        `step ${step}`,
      ).toEqual(expected.slice(offset, offset + limit).map((item) => item.id));
      if (group !== undefined) expect(model.groupSize(group)).toBe(items.filter((item) => item.parent === group).length);
    }
  });

  it('searches within a group', async () => {
    const model = await loaded([
      { id: 'a', parent: 'v1', name: 'Loading dock', tags: [], at: 1 },
      { id: 'b', parent: 'v1', name: 'Main hall', tags: [], at: 2 },
      { id: 'c', parent: 'v2', name: 'Loading bay', tags: [], at: 3 },
    ]);
    expect(model.query({ text: 'load', group: 'v1', sort: 'name', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['a']);
    expect(model.query({ text: 'load', sort: 'name', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['c', 'a']);
    expect(model.query({ group: 'none', sort: 'name', offset: 0, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it('removes a whole group and nothing else', async () => {
    const model = await loaded([
      { id: 'a', parent: 'v1', name: 'Loading dock', tags: ['red'], at: 1 },
      { id: 'b', parent: 'v1', name: 'Main hall', tags: [], at: 2 },
      { id: 'c', parent: 'v2', name: 'Loading bay', tags: ['red'], at: 3 },
    ]);
    expect(model.removeGroup('v1')).toBe(2);
    expect(model.removeGroup('v1')).toBe(0);
    expect(model.groupSize('v1')).toBe(0);
    expect(model.query({ sort: 'name', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['c']);
    expect(model.query({ text: 'load', tags: ['red'], sort: 'newest', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['c']);
  });

  it('removes the records a predicate accepts', async () => {
    const model = await loaded([
      { id: 'a', parent: 'v1', name: 'Loading dock', tags: [], at: 1 },
      { id: 'b', parent: 'v2', name: 'Main hall', tags: [], at: 2 },
      { id: 'c', parent: 'v2', name: 'Loading bay', tags: [], at: 3 },
    ]);
    expect(model.removeWhere((item) => item.name.startsWith('Loading'))).toBe(2);
    expect(model.query({ sort: 'name', offset: 0, limit: 10 }).items.map((item) => item.id)).toEqual(['b']);
    expect(model.groupSize('v2')).toBe(1);
  });
});
