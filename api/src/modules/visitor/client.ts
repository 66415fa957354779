import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

/** Who downloaded, as the download history and the evidence pack show it (DESIGN section 6). */
export interface VisitorClient {
  ip: string;
  user_agent: string;
  device: string;
  device_type: string;
  browser: string;
  os: string;
  location: string;
}

/** Country headers set by a reverse proxy or CDN (Cloudflare, or our own proxy), two-letter ISO codes. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const;

const clip = (value: string, max: number) => value.slice(0, max);
const joined = (separator: string, ...parts: Array<string | undefined>) => parts.filter(Boolean).join(separator);

/** IPv4 clients reach a dual-stack socket as ::ffff:a.b.c.d; SPEC shows them without the prefix. */
export const plainIp = (ip: string) => ip.replace(/^::ffff:/i, '');

/**
 * The country of a trusted proxy's header. The header is believed only when the app runs behind a
 * proxy (TRUST_PROXY, which is also when Fastify fills request.ips); a direct client could send
 * anything.
 */
export function locationOf(request: FastifyRequest): string {
  if (request.ips === undefined) return 'Unknown';
  for (const header of COUNTRY_HEADERS) {
    const code = request.headers[header];
    const name = typeof code === 'string' && /^[A-Za-z]{2}$/.test(code) ? countries.getName(code, 'en') : undefined;
    if (name) return name;
  }
  return 'Unknown';
}

/** IP, parsed user agent and location of the request. */
export function describeClient(request: FastifyRequest): VisitorClient {
  const userAgent = request.headers['user-agent'] ?? '';
  const { browser, device, os } = UAParser(userAgent);
  return {
    ip: clip(plainIp(request.ip), 64),
    user_agent: clip(userAgent, 512),
    // A desktop browser names no device; a phone names its vendor and model ("Apple iPhone").
    device: clip(joined(' ', device.vendor, device.model) || (device.type ? 'Unknown' : 'Desktop'), 100),
    device_type: clip(device.type ?? 'desktop', 40),
    browser: clip(joined('-', browser.name, browser.version) || 'Unknown', 100),
    os: clip(joined(' ', os.name, os.version) || 'Unknown', 100),
    location: locationOf(request),
  };
}
