import { type dayjs, diallingCode } from '@app/domain';

/** A small seeded PRNG (mulberry32), so demo and bulk data are the same on every run. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof createRng>;

/** Nationalities with names common there, so the reports and lists read like real traffic. */
const PEOPLE_BASE: ReadonlyArray<{
  nationality: string;
  territory: string;
  first: string[];
  last: string[];
  cities: string[];
}> = [
  {
    nationality: 'UNITED KINGDOM',
    territory: 'United Kingdom',
    first: ['Oliver', 'Amelia', 'George', 'Isla', 'Harry', 'Emily', 'Jack', 'Sophie'],
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Davies', 'Evans'],
    cities: ['London', 'Manchester', 'Leeds', 'Bristol'],
  },
  {
    nationality: 'UNITED STATES',
    territory: 'United States',
    first: ['James', 'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mason', 'Mia'],
    last: ['Johnson', 'Miller', 'Garcia', 'Martinez', 'Anderson', 'Clark', 'Lewis', 'Walker'],
    cities: ['New York', 'Chicago', 'Austin', 'Seattle'],
  },
  {
    nationality: 'INDIA',
    territory: 'India',
    first: ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Isha', 'Arjun', 'Kavya'],
    last: ['Sharma', 'Patel', 'Gupta', 'Reddy', 'Nair', 'Iyer', 'Singh', 'Mehta'],
    cities: ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai'],
  },
  {
    nationality: 'GERMANY',
    territory: 'Germany',
    first: ['Lukas', 'Hannah', 'Felix', 'Lena', 'Jonas', 'Mia', 'Paul', 'Laura'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Wagner', 'Hoffmann'],
    cities: ['Berlin', 'Munich', 'Hamburg', 'Cologne'],
  },
  {
    nationality: 'AUSTRALIA',
    territory: 'Australia',
    first: ['Charlotte', 'William', 'Chloe', 'Thomas', 'Ruby', 'Lachlan', 'Zoe', 'Ethan'],
    last: ['Nguyen', 'Kelly', 'Ryan', 'Campbell', 'Murphy', "O'Brien", 'Thompson', 'White'],
    cities: ['Sydney', 'Melbourne', 'Perth', 'Brisbane'],
  },
  {
    nationality: 'JAPAN',
    territory: 'Japan',
    first: ['Haruto', 'Yui', 'Sota', 'Hina', 'Ren', 'Sakura', 'Yuto', 'Aoi'],
    last: ['Sato', 'Suzuki', 'Takahashi', 'Tanaka', 'Watanabe', 'Ito', 'Yamamoto', 'Nakamura'],
    cities: ['Tokyo', 'Osaka', 'Nagoya', 'Fukuoka'],
  },
  {
    nationality: 'FRANCE',
    territory: 'France',
    first: ['Louis', 'Chloé', 'Hugo', 'Léa', 'Jules', 'Manon', 'Arthur', 'Camille'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand'],
    cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse'],
  },
  {
    nationality: 'CHINA',
    territory: 'China',
    first: ['Wei', 'Fang', 'Lei', 'Xiu', 'Jun', 'Mei', 'Hao', 'Ling'],
    last: ['Wang', 'Li', 'Zhang', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao'],
    cities: ['Shanghai', 'Beijing', 'Shenzhen', 'Chengdu'],
  },
  {
    nationality: 'SINGAPORE',
    territory: 'Singapore',
    first: ['Ethan', 'Chloe', 'Ryan', 'Natalie', 'Darren', 'Rachel', 'Marcus', 'Joanne'],
    last: ['Tan', 'Lim', 'Lee', 'Ng', 'Ong', 'Wong', 'Goh', 'Chua'],
    cities: ['Singapore'],
  },
  {
    nationality: 'CANADA',
    territory: 'Canada',
    first: ['Benjamin', 'Emma', 'Lucas', 'Olivia', 'Nathan', 'Abigail', 'Logan', 'Madison'],
    last: ['Tremblay', 'Roy', 'Gagnon', 'MacDonald', 'Wong', 'Leblanc', 'Taylor', 'Campbell'],
    cities: ['Toronto', 'Vancouver', 'Montreal', 'Calgary'],
  },
];
const PEOPLE = PEOPLE_BASE.map((p) => ({ ...p, phoneCode: diallingCode(p.nationality) }));
const AIRLINES = ['TG', 'FD', 'SQ', 'EK', 'QR', 'BA', 'LH', 'JL', 'CX', 'AI', 'QF', 'AF'];
const OCCUPATIONS = [
  'Engineer',
  'Teacher',
  'Nurse',
  'Accountant',
  'Student',
  'Designer',
  'Sales Manager',
  'Retired',
  'Doctor',
  'Consultant',
];
const PURPOSES = ['HOLIDAY', 'BUSINESS', 'MEETING', 'VISITING FAMILY', 'EDUCATION'];
const PROVINCES: ReadonlyArray<{ province: string; district: string; sub: string; hotel: string }> = [
  { province: 'Bangkok', district: 'Pathum Wan', sub: 'Lumphini', hotel: 'Grand Lumphini Hotel, 88 Witthayu Road' },
  {
    province: 'Bangkok',
    district: 'Watthana',
    sub: 'Khlong Toei Nuea',
    hotel: 'Sukhumvit Park Residence, 21 Sukhumvit Soi 11',
  },
  { province: 'Phuket', district: 'Kathu', sub: 'Patong', hotel: 'Patong Bay Resort, 120 Thaweewong Road' },
  {
    province: 'Chiang Mai',
    district: 'Mueang Chiang Mai',
    sub: 'Chang Khlan',
    hotel: 'Night Bazaar Inn, 45 Chang Khlan Road',
  },
  { province: 'Krabi', district: 'Mueang Krabi', sub: 'Ao Nang', hotel: 'Ao Nang Cliff Beach Resort, 328 Moo 2' },
  { province: 'Chon Buri', district: 'Bang Lamung', sub: 'Nong Prue', hotel: 'Pattaya Sea View Hotel, 9 Beach Road' },
  { province: 'Surat Thani', district: 'Ko Samui', sub: 'Bo Phut', hotel: 'Samui Palm Villas, 77 Moo 1' },
];
const ACCOMMODATION = ['HOTEL', 'HOTEL', 'HOTEL', 'APARTMENT', 'FRIEND\u2019S HOUSE', 'OTHERS'];
export const LANDING_DOMAINS = ['thailandarrivalcard.example', 'thai-tdac.example', 'partner-travel.example'];
export const CURRENCIES = ['USD', 'USD', 'GBP', 'EUR', 'AUD'];

const DAY = 86_400_000;
const BIRTH_EPOCH = Date.UTC(1950, 0, 1);
const MAIL_DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com', 'proton.me'];
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
];
/** Stored UTC formats from epoch milliseconds, without a date library (hot path of the bulk generator). */
export const toDateTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
export const toDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const asciiName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

export interface GeneratedOrder extends Record<string, unknown> {
  order_id: number;
  created_at: string;
}

/**
 * One realistic order created at `createdAt`. Status, mode, assignee and dates are set by the caller.
 * Plain strings and numbers only, so the same rows load into SQLite and MySQL by multi-row insert.
 */
export function makeOrder(rng: Rng, orderId: number, createdAt: dayjs.Dayjs | number): GeneratedOrder {
  // Plain millisecond arithmetic: the bulk generator makes a million of these.
  const created = typeof createdAt === 'number' ? createdAt : createdAt.valueOf();
  const person = rng.pick(PEOPLE);
  const first = rng.pick(person.first);
  const last = rng.pick(person.last);
  const email = `${asciiName(first)}.${asciiName(last)}${rng.int(1, 999)}@${rng.pick(MAIL_DOMAINS)}`;
  const arrival = created + rng.int(2, 40) * DAY;
  const stay = rng.pick(PROVINCES);
  const accommodation = rng.pick(ACCOMMODATION);
  const airline = rng.pick(AIRLINES);
  const stamp = toDateTime(created);
  return {
    order_id: orderId,
    processing_mode: 'Standard',
    process_status: 'New',
    processing_date: null,
    process_month: null,
    created_at: stamp,
    updated_at: stamp,
    status_entered_at: stamp,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    email,
    contact_email_address: email,
    phone_code: person.phoneCode,
    phone_number: String(rng.int(2000000000, 9999999999)),
    passport_number: `${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(10000000, 99999999)}`,
    nationality: person.nationality,
    date_of_birth: toDate(BIRTH_EPOCH + rng.int(0, 20000) * DAY),
    occupation: rng.pick(OCCUPATIONS),
    gender: rng.pick(['MALE', 'FEMALE']),
    territory: person.territory,
    state: rng.pick(person.cities),
    date_of_arrival: toDate(arrival),
    arrival_territory: person.territory,
    purpose_of_travel: rng.pick(PURPOSES),
    other_purpose_arrival: null,
    arrival_mode_of_travel: 'AIR',
    other_mode_arrival: null,
    arrival_mode_of_transport: 'COMMERCIAL FLIGHT',
    arrivalflight_and_vehicle_number: `${airline}${rng.int(100, 999)}`,
    date_of_departure: toDate(arrival + rng.int(4, 28) * DAY),
    departure_mode_of_travel: 'AIR',
    departure_mode_of_transport: 'COMMERCIAL FLIGHT',
    other_mode_departure: null,
    departureflight_and_vehicle_number: `${airline}${rng.int(100, 999)}`,
    is_transit: 0,
    accommodation_in_thailand: accommodation,
    other_accomodation: accommodation === 'OTHERS' ? 'Boat charter' : null,
    province: stay.province,
    district_area: stay.district,
    sub_district: stay.sub,
    address: stay.hotel,
    yellow_fever: 'No',
    date_of_vaccination: null,
    landing_domain: rng.pick(LANDING_DOMAINS),
    transaction_id: `ch_${rng.int(100000000, 999999999)}${rng.int(1000, 9999)}`,
    merchant_name: null,
    amount: rng.pick([49, 59, 69, 89]),
    currency: rng.pick(CURRENCIES),
    gateway_id: null,
    paid_at: toDateTime(created + rng.int(5, 90) * 1000),
    purchase_ip: `${rng.int(11, 220)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
    purchase_user_agent: rng.pick(USER_AGENTS),
    terms_accepted_at: stamp,
  };
}

/** A small but valid one-page PDF with the given lines of text, standing in for a finished document. */
export function minimalPdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const text = lines.map((l, i) => `BT /F1 14 Tf 56 ${780 - i * 22} Td (${escape(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
