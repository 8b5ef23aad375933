// One page of a paged list from a read model: the window of a 1-based page, and the result shape every paged
// list answers (items, total, page, pageSize).
import type { ReadModel, ReadModelQuery, ReadRecord } from '@venuebook/service-kit';

export interface Paging {
  page: number;
  pageSize: number;
}

export interface PageOf<T> extends Paging {
  items: T[];
  total: number;
}

/** The page `paging` asks for of the entries `select` chooses, in its sort, each entry as `item` makes it. */
export function readPage<R extends ReadRecord, S extends string, T>(
  readModel: ReadModel<unknown, R, S>,
  select: Omit<ReadModelQuery<S, R>, 'offset' | 'limit'>,
  paging: Paging,
  item: (entry: R) => T,
): PageOf<T> {
  const page = readModel.query({ ...select, offset: (paging.page - 1) * paging.pageSize, limit: paging.pageSize });
  return { items: page.items.map(item), total: page.total, page: paging.page, pageSize: paging.pageSize };
}
