import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { ScreenHeader } from '../layout/ScreenHeader';
import { useTabTitle } from '../layout/useTabTitle';
import { RequirePermission } from '../layout/RequirePermission';

/** The dropdown of gateways, starting on the active one, and Active Gateway. */
function GatewayForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const gateways = useQuery({ queryKey: ['paymentGateways'], queryFn: () => dataProvider.getPaymentGateways() });
  const active = gateways.data?.find((gateway) => gateway.is_active === '1');
  // Until the member picks one, the dropdown shows the active gateway.
  const [picked, setPicked] = useState<number | ''>('');
  const chosen = picked === '' ? (active?.id ?? '') : picked;
  const [error, setError] = useState('');
  const activate = useMutation({
    mutationFn: (gatewayId: number) => dataProvider.activateGateway(gatewayId),
    onSuccess: (answer) => {
      notify(answer.message, { type: 'success' });
      void gateways.refetch();
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = chosen === '' ? translate('app.validation.gatewayRequired') : '';
    setError(problem);
    if (chosen !== '') activate.mutate(chosen);
  };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 420 }}>
      <Typography data-testid="active-gateway">
        {active ? translate('app.gateways.current', { name: active.gateway_name }) : ' '}
      </Typography>
      <TextField
        select
        label={translate('app.gateways.gateway')}
        value={chosen}
        onChange={(event) => setPicked(Number(event.target.value))}
        error={!!error}
        helperText={error || ' '}
      >
        {gateways.data?.map((gateway) => (
          <MenuItem key={gateway.id} value={gateway.id}>
            {gateway.gateway_name}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button type="submit" variant="contained" disabled={activate.isPending}>
          {translate('app.gateways.submit')}
        </Button>
      </Box>
    </Box>
  );
}

/** Change Gateway (/admin/gateway-setting, SPEC section 2). */
export default function GatewaySetting() {
  const translate = useTranslate();
  useTabTitle();
  return (
    <RequirePermission permission="gateways.manage">
      <ScreenHeader title={translate('app.gateways.title')} />
      <Card>
        <CardContent>
          <GatewayForm />
        </CardContent>
      </Card>
    </RequirePermission>
  );
}
