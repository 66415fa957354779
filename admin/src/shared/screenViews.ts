import { lazy, type ComponentType, type ReactElement } from 'react';

/** A screen's views, as its `<Resource>` takes them: each loaded when first opened (lazy). */
export interface ScreenViews {
  list?: ComponentType | ReactElement;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  /** How a record of it is named (react-admin's recordRepresentation). */
  recordRepresentation?: string;
}

/**
 * What a screen folder's `screen.ts` exports by default: the views of each screen it draws, by the screen's
 * declared name (domain SCREENS). admin/src/screens.tsx finds every such file, so a new folder is all it takes.
 */
export type FolderScreens = Readonly<Record<string, ScreenViews>>;

/**
 * Views of one chunk (a folder's lazyViews.ts), each loaded lazily by its export's name: the chunk loads when the
 * first of them opens.
 */
export const viewsOf =
  <Views extends Record<string, unknown>>(load: () => Promise<Views>) =>
  (name: keyof Views & string) =>
    lazy(async () => ({ default: (await load())[name] as ComponentType }));
