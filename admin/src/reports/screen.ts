import { lazy } from 'react';
import type { FolderScreens } from '../shared/screenViews';

/** The two reports: each list is its screen, loaded when first opened. */
export default {
  'country-report': { list: lazy(() => import('./CountryOrderList')) },
  'processed-by-report': { list: lazy(() => import('./ProcessedBy')) },
} satisfies FolderScreens;
