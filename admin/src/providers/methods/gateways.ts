import { apiCall } from '../httpClient';
import { messageOf } from './orders';

export interface PaymentGateway {
  id: number;
  gateway_name: string;
  /** '1' marks the active one (SPEC section 3). */
  is_active: '1' | '0';
}

/** Gateway Setting (SPEC section 7). */
export const gatewaysMethods = {
  async getPaymentGateways(): Promise<PaymentGateway[]> {
    return (await apiCall<PaymentGateway[]>('admin/payment-gateways')).data ?? [];
  },
  activateGateway: (gatewayId: number) =>
    messageOf(apiCall('admin/payment-gateway-setting', { method: 'POST', json: { gatewayId } })),
};
