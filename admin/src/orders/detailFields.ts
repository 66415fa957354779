import { formatDateOfBirth, statusLabel } from '@app/domain';
import type { OrderDetails } from './types';

/** The fixed mail domain of the application email address (the order id at this domain; SPEC section 2). */
export const APPLICATION_MAIL_DOMAIN: string =
  import.meta.env.VITE_APPLICATION_MAIL_DOMAIN ?? 'thailandarrivalcard.example';

type Value = string | number | null | undefined;

/** A field of a detail section: its i18n key under app.order.fields and how it reads from the order. */
export interface DetailField {
  key: string;
  value: (order: OrderDetails) => Value;
  /** Values that are i18n keys (Yes/No). */
  translated?: boolean;
}

export interface DetailSection {
  key: string;
  fields: DetailField[];
}

const column =
  (name: string) =>
  (order: OrderDetails): Value =>
    order[name] as Value;
/** Calendar dates read MM/DD/YYYY, like the date of birth (SPEC section 9). */
const date = (name: string) => (order: OrderDetails) => formatDateOfBirth(order[name] as string | null);
const field = (key: string, name = key): DetailField => ({ key, value: column(name) });
const phone = (order: OrderDetails) =>
  order.phone_number ? `+${String(order.phone_code ?? '').replace(/^\+/, '')} ${order.phone_number}` : null;
const yesNo = (order: OrderDetails) =>
  order.is_transit == null ? null : Number(order.is_transit) ? 'app.order.yes' : 'app.order.no';

/** The detail sections of the order page in SPEC order (section 2); empty fields are hidden. */
export const DETAIL_SECTIONS: DetailSection[] = [
  {
    key: 'orderDetails',
    fields: [
      field('orderId', 'order_id'),
      { key: 'applicationEmail', value: (order) => `${order.order_id}@${APPLICATION_MAIL_DOMAIN}` },
      field('processingMode', 'processing_mode'),
      { key: 'status', value: (order) => statusLabel(order.process_status) },
      field('assignedTo', 'assign_to'),
      field('transactionId', 'transaction_id'),
      field('merchantName', 'merchant_name'),
    ],
  },
  {
    key: 'passport',
    fields: [
      field('familyName', 'last_name'),
      field('firstName', 'first_name'),
      field('passportNumber', 'passport_number'),
      field('nationality'),
    ],
  },
  {
    key: 'personal',
    fields: [
      { key: 'dateOfBirth', value: date('date_of_birth') },
      field('occupation'),
      field('gender'),
      field('territory'),
      field('state'),
      field('nationality'),
      { key: 'phone', value: phone },
      field('email'),
    ],
  },
  {
    key: 'arrival',
    fields: [
      { key: 'dateOfArrival', value: date('date_of_arrival') },
      field('arrivalTerritory', 'arrival_territory'),
      field('purposeOfTravel', 'purpose_of_travel'),
      field('otherPurpose', 'other_purpose_arrival'),
      field('modeOfTravel', 'arrival_mode_of_travel'),
      field('otherMode', 'other_mode_arrival'),
      field('modeOfTransport', 'arrival_mode_of_transport'),
      field('flightNumber', 'arrivalflight_and_vehicle_number'),
    ],
  },
  {
    key: 'departure',
    fields: [
      { key: 'dateOfDeparture', value: date('date_of_departure') },
      field('modeOfTravel', 'departure_mode_of_travel'),
      field('modeOfTransport', 'departure_mode_of_transport'),
      field('otherMode', 'other_mode_departure'),
      field('flightNumber', 'departureflight_and_vehicle_number'),
    ],
  },
  {
    key: 'accommodation',
    fields: [
      { key: 'isTransit', value: yesNo, translated: true },
      field('accommodationType', 'accommodation_in_thailand'),
      field('otherAccommodation', 'other_accomodation'),
      field('province'),
      field('districtArea', 'district_area'),
      field('subDistrict', 'sub_district'),
      field('address'),
    ],
  },
  {
    key: 'health',
    fields: [field('yellowFever', 'yellow_fever'), { key: 'dateOfVaccination', value: date('date_of_vaccination') }],
  },
];
