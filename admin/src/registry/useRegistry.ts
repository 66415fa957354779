import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'react-admin';
import type { FieldDefinition, ResourceDefinition, ResourceView } from '@app/domain';
import { apiCall } from '../providers/httpClient';
import { readStoredUser } from '../providers/session';

/** What the views are built from: a resource's fields, sections and sort, whoever's permissions. */
export type ResourceFields = Omit<ResourceDefinition, 'permissions' | 'table'>;

/** The resources the signed-in member may list or open, with the verbs and fields their role has, by name. */
export type Registry = Record<string, ResourceView>;

/** The react-query key of the registry; the live configuration.changed event marks it stale. */
export const REGISTRY_KEY = 'registry';

/** The label an Admin wrote (labelText) in the member's language, else the field's catalogue key. */
const labelled = (field: FieldDefinition, locale: string): FieldDefinition =>
  field.labelText ? { ...field, label: (locale === 'fr' && field.labelText.fr) || field.labelText.en } : field;

/** The registry with every Admin-written label in the member's language, where the views read `label`. */
const inLocale = (registry: Registry, locale: string): Registry =>
  Object.fromEntries(
    Object.entries(registry).map(([name, resource]) => [
      name,
      resource.fields.some((field) => field.labelText)
        ? { ...resource, fields: resource.fields.map((field) => labelled(field, locale)) }
        : resource,
    ]),
  );

/**
 * GET /api/admin/registry: read once per sign-in (the query is keyed by the token, so another member
 * signing in reads their own), and shared by every screen that builds its views from it; read again when an
 * Admin changes the configuration (LiveProvider).
 */
export function useRegistry() {
  const token = readStoredUser()?.accessToken;
  const locale = useLocale();
  const select = useCallback((registry: Registry) => inLocale(registry, locale), [locale]);
  return useQuery({
    queryKey: [REGISTRY_KEY, token],
    queryFn: async (): Promise<Registry> => {
      const resources = (await apiCall<ResourceView[]>('admin/registry')).data ?? [];
      return Object.fromEntries(resources.map((resource) => [resource.name, resource]));
    },
    enabled: !!token,
    staleTime: Infinity,
    gcTime: Infinity,
    select,
  });
}

/** One resource of the registry; undefined while loading or when the role may not list it. */
export function useResourceDefinition(name: string): ResourceView | undefined {
  return useRegistry().data?.[name];
}
