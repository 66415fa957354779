import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ScreenHeader } from './ScreenHeader';
import { useTabTitle } from './useTabTitle';

/**
 * Placeholder for a SPEC screen that is not built yet, so that its sidebar link works.
 * Replace its route's element in App.tsx when the screen exists.
 */
export function ComingSoon({ title }: { title: string }) {
  const translate = useTranslate();
  useTabTitle();
  return (
    <>
      <ScreenHeader title={translate(title, { _: title })} />
      <Card>
        <CardContent>
          <Typography data-testid="coming-soon">{translate('app.comingSoon')}</Typography>
        </CardContent>
      </Card>
    </>
  );
}
