import { useQuery } from '@tanstack/react-query';
import type { ResourceDefinition, ResourceView } from '@app/domain';
import { apiCall } from '../providers/httpClient';
import { readStoredUser } from '../providers/session';

/** What the views are built from: a resource's fields, sections and sort, whoever's permissions. */
export type ResourceFields = Omit<ResourceDefinition, 'permissions'>;

/** The resources the signed-in member may list or open, with the verbs and fields their role has, by name. */
export type Registry = Record<string, ResourceView>;

/**
 * GET /api/admin/registry: read once per sign-in (the query is keyed by the token, so another member
 * signing in reads their own), and shared by every screen that builds its views from it.
 */
export function useRegistry() {
  const token = readStoredUser()?.accessToken;
  return useQuery({
    queryKey: ['registry', token],
    queryFn: async (): Promise<Registry> => {
      const resources = (await apiCall<ResourceView[]>('admin/registry')).data ?? [];
      return Object.fromEntries(resources.map((resource) => [resource.name, resource]));
    },
    enabled: !!token,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** One resource of the registry; undefined while loading or when the role may not list it. */
export function useResourceDefinition(name: string): ResourceView | undefined {
  return useRegistry().data?.[name];
}
