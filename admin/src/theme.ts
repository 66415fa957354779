import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's theme with md at 991 px: below it the sidebar slides in (SPEC section 9, sidebar
 * breakpoint 991 px); sm stays 600 px, close to SPEC's 767 px mobile breakpoint where forms shrink.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: 600, md: 991, lg: 1200, xl: 1536 } },
  sidebar: { width: 260, closedWidth: 50 },
};
