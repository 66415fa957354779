import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * A box that scrolls sideways what is wider than the screen (a history table on a phone), named and in
 * the tab order so that the keyboard reaches and scrolls it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid={testId}
      sx={{
        overflowX: 'auto',
        maxWidth: '100%',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
