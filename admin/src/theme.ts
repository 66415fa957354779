import type { Theme } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's theme with md at 991 px: below it the sidebar slides in, as in the
 * old system; sm stays 600 px, close to the old system's 767 px mobile breakpoint where forms shrink.
 * Blues dark enough for white text and for blue text on white (at least 4.5:1, WCAG AA): react-admin's
 * #2196f3 app bar gave white text 3.1:1.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0', light: '#5e92f3', dark: '#003c8f', contrastText: '#fff' },
    secondary: { main: '#0d47a1', light: '#5472d3', dark: '#002171', contrastText: '#fff' },
    // MUI's #d32f2f red text on a striped row fell under 4.5:1.
    error: { main: '#b71c1c', light: '#e53935', dark: '#7f0000', contrastText: '#fff' },
  },
  // Noto faces (fonts.css) only after the system's: they are fetched for the scripts those lack. Hangul's stands
  // first: it claims nothing else, and after Liberation Sans (Helvetica's and Arial's stand-in on Linux) Chromium
  // drew Korean names as boxes even with the Korean face loaded (scripts/hangul-fonts.mjs).
  typography: {
    fontFamily: [
      '"Noto Sans KR Hangul"',
      'Roboto',
      'Helvetica',
      'Arial',
      '"Noto Sans Thai"',
      '"Noto Sans SC"',
      '"Noto Sans JP"',
      '"Noto Sans KR"',
      'sans-serif',
    ].join(','),
  },
  breakpoints: { values: { xs: 0, sm: 600, md: 991, lg: 1200, xl: 1536 } },
  components: {
    ...defaultTheme.components,
    // A wide table scrolls sideways inside its box rather than widening the page: the list's flex items
    // otherwise take their content's width.
    RaList: { styleOverrides: { root: { '& .RaList-main, & .RaList-content': { minWidth: 0 } } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    // Form toolbars were grey[300], on which blue text buttons (Cancel) fell under 4.5:1.
    RaToolbar: { styleOverrides: { root: { backgroundColor: '#f5f5f5' } } },
    // The help under a disabled input still explains it (a key that cannot change): MUI greys it to 2.7:1.
    MuiFormHelperText: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
      },
    },
    // react-admin names each table row's checkbox with aria-label on the Checkbox, which MUI puts on the
    // wrapping span (not allowed there) and not on the input (left unnamed): move it onto the input.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: object) => ({ 'aria-label': (ownerState as { 'aria-label'?: string })['aria-label'] }),
        },
      },
    },
  },
  sidebar: { width: 260, closedWidth: 50 },
};
