import { useStore } from 'react-admin';

/** The Store key of a Show page's sections, open (true) or closed (false) by section key. */
export const sectionsKey = (resource: string) => `${resource}.sections`;

/**
 * Whether a section of a Show page is open, and a setter: the member's choice, else their role's
 * published layout, else the registry's default (`collapsed`). Kept by the preferences Store.
 */
export function useSectionOpen(resource: string, section: string, defaultOpen: boolean) {
  const [sections, setSections] = useStore<Record<string, boolean>>(sectionsKey(resource), {});
  const open = sections[section] ?? defaultOpen;
  const setOpen = (value: boolean) => setSections({ ...sections, [section]: value });
  return [open, setOpen] as const;
}
