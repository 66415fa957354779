import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Layout as RaLayout, TitlePortal, useBasename, useNotify, useTranslate } from 'react-admin';
import { PRODUCT_TITLE } from '../shared/config';
import { takeSignInNotice } from '../providers/signInNotice';
import { useRefetchCountsOnRouteChange } from '../queries/useFolderCounts';
import { LiveProvider } from '../live/LiveProvider';
import { useRegistry } from '../registry/useRegistry';
import { AppBar, HeaderTools } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';

// The step-up dialog and the idle warning, loaded after the first screen.
const SecurityPrompts = lazy(() => import('../account/security').then((m) => ({ default: m.SecurityPrompts })));

/** The sign-in's success toast, once /admin is open: the sign-in page's toasts went with it. */
function useSignInNotice() {
  const notify = useNotify();
  useEffect(() => {
    const message = takeSignInNotice();
    if (message) notify(message, { type: 'success' });
  }, [notify]);
}

/** Screens whose browser tab has its own title (Manage Team); every other one has the product's. */
const TAB_TITLES: Record<string, { key: string; fallback: string }> = {
  'manage-team': { key: 'resources.team-members.title', fallback: 'Manage Team' },
};

/** The browser tab title of the screen open, from its address. */
function useBrowserTabTitle() {
  const { pathname } = useLocation();
  const basename = useBasename();
  const translate = useTranslate();
  const own = TAB_TITLES[pathname.slice(basename.length).split('/')[1] ?? ''];
  const title = own ? translate(own.key, { _: own.fallback }) : PRODUCT_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The app's frame; `headerTools` lead the header's tools (see HeaderTools). */
export function Layout({ children, headerTools }: { children: ReactNode; headerTools?: ReactNode }) {
  useRefetchCountsOnRouteChange();
  useSignInNotice();
  useBrowserTabTitle();
  // Every list, form and order page is built from the registry: asked for here, as the layout first draws, it
  // comes in while the screen's code still loads, instead of after it.
  useRegistry();
  return (
    // minWidth 0 (react-admin's root says fit-content) keeps wide tables scrolling inside their own box
    // instead of widening the page.
    // The live stream feeds the header (the bell) and the sidebar (counts) as well as the screens.
    <LiveProvider>
      <HeaderTools.Provider value={headerTools}>
        <RaLayout
          appBar={AppBar}
          menu={Menu}
          sidebar={Sidebar}
          sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
        >
          {/*
          Where each screen's react-admin <Title> shows: the screen's heading, at the top of the page (the header
          holds the country name).
        */}
          <TitlePortal component="h1" variant="h5" sx={{ mt: 2, mb: 1, flex: 'none', whiteSpace: 'normal' }} />
          {children}
          <Suspense>
            <SecurityPrompts />
          </Suspense>
        </RaLayout>
      </HeaderTools.Provider>
    </LiveProvider>
  );
}
