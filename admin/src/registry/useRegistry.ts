import { useQuery } from '@tanstack/react-query';
import type { ResourceDefinition, ResourceView } from '@app/domain';
import { apiCall } from '../providers/httpClient';
import { readStoredUser } from '../providers/session';

/** What the views are built from: a resource's fields, sections and sort, whoever's permissions. */
export type ResourceFields = Omit<ResourceDefinition, 'permissions'>;

/** The resources the signed-in member may list or open, with the verbs and fields their role has, by name. */
export type Registry = Record<string, ResourceView>;

const loadRegistry = async (): Promise<Registry> => {
  const resources = (await apiCall<ResourceView[]>('admin/registry')).data ?? [];
  return Object.fromEntries(resources.map((resource) => [resource.name, resource]));
};

/** The registry asked for before React first draws (startRegistryLoad), and the token it was asked with. */
let early: { token: string; registry: Promise<Registry> } | undefined;

/**
 * Asks for the registry at once when a member is signed in: a cold load then fetches it beside the app's
 * code instead of after the layout's first draw (the order page waited ~200 ms on it).
 */
export function startRegistryLoad() {
  const token = readStoredUser()?.accessToken;
  if (token) early = { token, registry: loadRegistry() };
}

/**
 * GET /api/admin/registry: read once per sign-in (the query is keyed by the token, so another member
 * signing in reads their own), and shared by every screen that builds its views from it.
 */
export function useRegistry() {
  const token = readStoredUser()?.accessToken;
  return useQuery({
    queryKey: ['registry', token],
    queryFn: () => {
      const started = early?.token === token ? early.registry : undefined;
      early = undefined;
      return started ?? loadRegistry();
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
