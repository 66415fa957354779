import type { ReactNode } from 'react';
import { Card, CardContent, Typography } from '@mui/material';

/** One titled block of the order page (SPEC section 2 lists them in order). */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card component="section" sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
