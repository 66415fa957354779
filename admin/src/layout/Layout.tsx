import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';

export function Layout({ children }: { children: ReactNode }) {
  return <RaLayout appBar={AppBar}>{children}</RaLayout>;
}
