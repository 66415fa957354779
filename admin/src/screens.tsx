import { Resource } from 'react-admin';
import { SCREENS, type ScreenDeclaration } from '@app/domain';
import { MENU_ICONS } from './layout/menuIcons';
import type { FolderScreens, ScreenViews } from './shared/screenViews';

/** A declared screen with the views of its folder. */
export interface Screen extends ScreenDeclaration {
  views: ScreenViews;
}

/**
 * Every folder's screen.ts (views by screen name, each view lazy): found by the build, so that adding a screen's
 * folder adds its views with no line elsewhere. Eager, since these hold only the `lazy` wrappers.
 */
const FOLDERS = import.meta.glob<FolderScreens>('./*/screen.ts', { eager: true, import: 'default' });
const VIEWS: FolderScreens = Object.assign({}, ...Object.values(FOLDERS));

/** Declarations with their views; a declared screen without a folder has no views, and a test says so. */
export const screensOf = (declarations: readonly ScreenDeclaration[], views: FolderScreens): Screen[] =>
  declarations.map((declaration) => ({ ...declaration, views: views[declaration.name] ?? {} }));

/** The admin's screens besides the queues: domain SCREENS with their folders' views. */
export const APP_SCREENS: readonly Screen[] = screensOf(SCREENS, VIEWS);

/** What a screen's `<Resource>` carries in its options: its declaration, which the sidebar reads. */
export interface ScreenOptions {
  screen: ScreenDeclaration;
}

/**
 * A `<Resource>` per screen, named as the API names it: its views, its sidebar icon, and its declaration in
 * `options` (the sidebar lists the registered screens that have a `menu`).
 */
export const screenResources = (screens: readonly Screen[]) =>
  screens.map(({ views, ...screen }) => (
    <Resource
      key={screen.name}
      name={screen.name}
      {...views}
      icon={screen.menu && MENU_ICONS[screen.menu.icon]}
      options={{ screen } satisfies ScreenOptions}
    />
  ));
