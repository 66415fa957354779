import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

/** Names the old dialling table used that the ISO names do not cover. */
const ALIASES: Record<string, string> = {
  UK: 'GB',
  USA: 'US',
  'GREAT BRITAIN': 'GB',
  'UNITED STATES OF AMERICA': 'US',
};

let table: Map<string, string> | undefined;

/** Upper-case country name (official and common names) to dialling code, built once on first use. */
function diallingTable(): Map<string, string> {
  if (table) return table;
  table = new Map();
  for (const iso of getCountries()) {
    const code = getCountryCallingCode(iso);
    const names = countries.getName(iso, 'en', { select: 'all' }) ?? [];
    for (const name of names) table.set(name.toUpperCase(), code);
  }
  for (const [alias, iso] of Object.entries(ALIASES)) {
    table.set(alias, getCountryCallingCode(iso as Parameters<typeof getCountryCallingCode>[0]));
  }
  return table;
}

/** Dialling codes known, for tests and pickers. */
export const diallingTableSize = (): number => diallingTable().size;

/**
 * The international dialling code of a country name ("UNITED KINGDOM", "UK", "India (Republic of)"),
 * or the input unchanged when no country matches (docs/product.md#orders).
 */
export function diallingCode(countryName: string): string {
  const key = countryName.split('(')[0]!.trim().toUpperCase();
  return diallingTable().get(key) ?? countryName;
}

/** The customer's full international number, digits only, for tel: and wa.me links. */
export function fullPhoneNumber(phoneCode: string | null | undefined, phoneNumber: string | null | undefined): string {
  const code = String(phoneCode ?? '').replace(/\D/g, '');
  const number = String(phoneNumber ?? '').replace(/\D/g, '');
  return number.startsWith(code) && code && number.length > 10 ? number : `${code}${number}`;
}
