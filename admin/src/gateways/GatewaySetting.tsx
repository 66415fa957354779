import { Card, CardContent, Stack, Typography } from '@mui/material';
import {
  Form,
  required,
  SaveButton,
  SelectInput,
  useGetList,
  Title,
  useNotify,
  useRequireAccess,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';

export interface Gateway extends RaRecord {
  gateway_name: string;
  /** The API's boolean, as 1/0, '1'/'0' or true/false. */
  is_active: boolean | number | string;
}

export const isActive = (gateway: Gateway) => gateway.is_active === true || Number(gateway.is_active) === 1;

/**
 * Change Gateway (/admin/gateways): a dropdown starting on the active gateway and
 * Active Gateway, which PUTs `is_active` on the chosen one. The API deactivates the others in the same
 * change, so the list is read again afterwards.
 */
function GatewayForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: gateways, refetch } = useGetList<Gateway>('gateways', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const [update, { isPending }] = useUpdate<Gateway>();
  const active = gateways?.find(isActive);
  if (!gateways) return null;
  const activate = ({ gatewayId }: { gatewayId?: number }) => {
    const chosen = gateways.find((gateway) => gateway.id === gatewayId);
    if (!chosen) return;
    void update(
      'gateways',
      { id: chosen.id, data: { is_active: true }, previousData: chosen },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('resources.gateways.activated', { type: 'success', messageArgs: { name: chosen.gateway_name } });
          void refetch();
        },
      },
    );
  };
  return (
    <Form defaultValues={{ gatewayId: active?.id }} onSubmit={activate} key={active?.id} disableInvalidFormNotification>
      <Stack sx={{ maxWidth: 420 }}>
        <Typography data-testid="active-gateway" sx={{ mb: 2 }}>
          {active ? translate('resources.gateways.current', { name: active.gateway_name }) : ''}
        </Typography>
        <SelectInput
          source="gatewayId"
          label="resources.gateways.fields.gateway_name"
          choices={gateways}
          optionText="gateway_name"
          validate={required('app.validation.gatewayRequired')}
        />
        <SaveButton
          label="resources.gateways.submit"
          icon={<></>}
          alwaysEnable
          sx={{ alignSelf: 'flex-start' }}
          disabled={isPending}
        />
      </Stack>
    </Form>
  );
}

/** The view of the `gateways` screen; no react-admin controller reads it, so it asks for access itself. */
export default function GatewaySetting() {
  const translate = useTranslate();
  const { isPending } = useRequireAccess({ resource: 'gateways', action: 'list' });
  if (isPending) return null;
  return (
    <Card>
      <Title title={translate('resources.gateways.title')} preferenceKey={false} />
      <CardContent>
        <GatewayForm />
      </CardContent>
    </Card>
  );
}
