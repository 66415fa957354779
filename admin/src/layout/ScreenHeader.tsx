import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A screen's title (the header shows the country name, so each screen names itself here) and its buttons. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 2, mb: 1 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
