import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useNotify } from 'react-admin';
import { takeSignInNotice } from '../login/signInNotice';
import { useRefetchCountsOnRouteChange } from '../queues/useFolderCounts';
import { LiveProvider } from '../live';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';

/** The sign-in's success toast (SPEC section 2), once /admin is open: the sign-in page's toasts went with it. */
function useSignInNotice() {
  const notify = useNotify();
  useEffect(() => {
    const message = takeSignInNotice();
    if (message) notify(message, { type: 'success' });
  }, [notify]);
}

export function Layout({ children }: { children: ReactNode }) {
  useRefetchCountsOnRouteChange();
  useSignInNotice();
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
