import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/**
 * A screen's title (the header shows the country name, so each screen names itself here) and its buttons,
 * which wrap under the title on narrow screens. `level` 2 titles a part of a screen.
 */
export function ScreenHeader({ title, level = 1, children }: { title: string; level?: 1 | 2; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2, mb: 1 }}>
      <Typography variant={level === 1 ? 'h5' : 'h6'} component={level === 1 ? 'h1' : 'h2'} sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
