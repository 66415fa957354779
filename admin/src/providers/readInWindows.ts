import type { GetListParams, GetListResult } from 'react-admin';
import { MAX_PAGE_SIZE } from '@app/domain';

type GetList = (resource: string, params: GetListParams) => Promise<GetListResult>;

/**
 * A getList that reads a page larger than the API's 500-row range (rows per page 'All' asks for a whole
 * queue) as consecutive 500-row requests until the page or the total is reached.
 */
export const readInWindows =
  (getList: GetList): GetList =>
  async (resource, params) => {
    const { page = 1, perPage = MAX_PAGE_SIZE } = params.pagination ?? {};
    if (perPage <= MAX_PAGE_SIZE) return getList(resource, params);
    const start = (page - 1) * perPage;
    const window = (offset: number) =>
      getList(resource, { ...params, pagination: { page: offset / MAX_PAGE_SIZE + 1, perPage: MAX_PAGE_SIZE } });
    // Windows start on multiples of 500; the first one may hold rows before the page ('All' is page 1: none).
    const firstOffset = start - (start % MAX_PAGE_SIZE);
    const first = await window(firstOffset);
    const data = first.data.slice(start - firstOffset);
    const end = Math.min(start + perPage, first.total ?? 0);
    for (
      let offset = firstOffset + MAX_PAGE_SIZE;
      offset < end && data.length === offset - start;
      offset += MAX_PAGE_SIZE
    )
      data.push(...(await window(offset)).data);
    return { ...first, data: data.slice(0, perPage) };
  };
