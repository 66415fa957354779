import { lazy } from 'react';
import PublicIcon from '@mui/icons-material/Public';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';

/** The two report resources, named by the old system's addresses: each list is its screen, loaded when first opened. */
export const countryReport = { list: lazy(() => import('./CountryOrderList')), icon: PublicIcon };
export const processedByReport = { list: lazy(() => import('./ProcessedBy')), icon: AssignmentTurnedInIcon };
