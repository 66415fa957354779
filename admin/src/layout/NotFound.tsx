import { Box, Typography } from '@mui/material';
import { Button, Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * An address that opens no screen: a mistyped one, or a custom queue or screen the member's role may not open
 * (which it is not told exists). Titled as the admin's screens are, with a way back.
 */
export default function NotFound() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box data-testid="not-found">
      <Title title="app.notFound.title" />
      <Typography sx={{ my: 2 }}>{translate('app.notFound.message')}</Typography>
      <Button label="ra.action.back" variant="contained" onClick={() => navigate(-1)} />
    </Box>
  );
}
