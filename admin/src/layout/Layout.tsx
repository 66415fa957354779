import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { useRefetchCountsOnRouteChange } from '../queues/useFolderCounts';
import { LiveProvider } from '../live';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';

export function Layout({ children }: { children: ReactNode }) {
  useRefetchCountsOnRouteChange();
  return (
    // minWidth 0 (react-admin's root says fit-content) keeps wide tables scrolling inside their own box
    // instead of widening the page.
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      sidebar={Sidebar}
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      <LiveProvider>{children}</LiveProvider>
    </RaLayout>
  );
}
