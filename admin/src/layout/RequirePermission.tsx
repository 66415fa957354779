import type { ReactNode } from 'react';
import { AccessDenied, usePermissions } from 'react-admin';
import type { Permission } from '@app/domain';
import { isVisibleTo } from './menuLinks';

/** Shows a screen only to roles with its permission (the API refuses the others too). */
export function RequirePermission({ permission, children }: { permission?: Permission; children: ReactNode }) {
  const { permissions: role, isPending } = usePermissions<string>();
  if (isPending) return null;
  return isVisibleTo(role, { permission }) ? children : <AccessDenied />;
}
