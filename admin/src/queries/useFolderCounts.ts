import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';

export const FOLDER_COUNTS_KEY = ['folderCounts'];

/** The fourteen queue counts of get-folder-count, shared by the sidebar, the tiles and the tables. */
export function useFolderCounts() {
  const dataProvider = useDataProvider<AppDataProvider>();
  // Fresh for a while so that the sidebar and the tiles mounting one after the other read once;
  // route changes and actions invalidate them explicitly.
  return useQuery({ queryKey: FOLDER_COUNTS_KEY, queryFn: () => dataProvider.getFolderCounts(), staleTime: 10_000 });
}

/** Counts are refetched on every route change. */
export function useRefetchCountsOnRouteChange() {
  // '/admin' and '/admin/' are the same screen.
  const pathname = useLocation().pathname.replace(/\/$/, '');
  const queryClient = useQueryClient();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return; // the first read is the query's own
    previous.current = pathname;
    queryClient.invalidateQueries({ queryKey: FOLDER_COUNTS_KEY });
  }, [pathname, queryClient]);
}
