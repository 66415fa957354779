import { menuScreens, QUEUES, SCREENS, type QueueDefinition, type ScreenDeclaration } from '@app/domain';
import { roleCanAccess } from '../providers/resources';

/** One sidebar link. The label is an i18n key; `fallback` is the text when a catalogue lacks the key. */
export interface MenuLink {
  route: string;
  label: string;
  fallback: string;
  /** Field of get-folder-count shown next to the label, or a screen's declared count. */
  countField?: string;
}

export const queueLabelKey = (queue: QueueDefinition) => `app.queues.${queue.orderName}`;

export const queueLink = (queue: QueueDefinition): MenuLink => ({
  route: queue.route,
  label: queueLabelKey(queue),
  fallback: queue.label,
  countField: queue.countField,
});

/** A declared screen's link: to its list, labelled `resources.<name>.menu` in the catalogues. */
const screenLink = ({ name, menu }: ScreenDeclaration): MenuLink => ({
  route: name,
  label: `resources.${name}.menu`,
  fallback: menu!.label,
  countField: menu!.count,
});

/**
 * The links of the screens a role may open, in the old system's order: the Dashboard (home of the five tile
 * queues), the sidebar queues of the domain table with their counts, the custom queues the role may open (the
 * API lists only those), then the declared screens with a `menu`, group by group. Logout closes the list (see Menu).
 */
export const menuLinksFor = (
  role: string | null | undefined,
  customQueues: readonly QueueDefinition[] = [],
  screens: readonly ScreenDeclaration[] = SCREENS,
): MenuLink[] => [
  { route: '', label: 'app.menu.dashboard', fallback: 'Dashboard' },
  ...QUEUES.filter((queue) => queue.placement === 'sidebar' && roleCanAccess(role, queue.route)).map(queueLink),
  ...customQueues.map(queueLink),
  ...menuScreens(screens)
    .filter((screen) => roleCanAccess(role, screen.name, screens))
    .map(screenLink),
];
