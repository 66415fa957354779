import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { UAParser } from 'ua-parser-js';
import { placeOfIp, type IpPlace } from '../../geo/ipLocation.js';

/** Who downloaded, as the download history and the evidence pack show it (docs/product.md#visitor-area). */
export interface VisitorClient {
  ip: string;
  user_agent: string;
  device: string;
  device_type: string;
  browser: string;
  os: string;
  location: string;
  city: string | null;
  device_id: string;
}

/** Country headers set by a reverse proxy or CDN (Cloudflare, or our own proxy), two-letter ISO codes. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country-code'] as const;

const clip = (value: string, max: number) => value.slice(0, max);
const joined = (separator: string, ...parts: Array<string | undefined>) => parts.filter(Boolean).join(separator);

/** IPv4 clients reach a dual-stack socket as ::ffff:a.b.c.d; the old system shows them without the prefix. */
export const plainIp = (ip: string) => ip.replace(/^::ffff:/i, '');

/**
 * The device identifier kept as evidence: the first 16 hex digits of SHA-256 over the user agent and
 * the Accept-Language header. Not a fingerprint of the hardware: the same browser on the same
 * device, with the same language settings, gives the same value.
 */
export const deviceId = (userAgent: string, acceptLanguage: string): string =>
  crypto.createHash('sha256').update(`${userAgent}\n${acceptLanguage}`).digest('hex').slice(0, 16);

/**
 * A computer by its system, since a desktop browser names no vendor or model: the device type already says
 * Desktop, and the same word twice told the customer nothing.
 */
function computerOf(osName: string | undefined): string {
  if (!osName) return 'Unknown';
  if (/^windows/i.test(osName)) return 'Windows PC';
  if (/^mac/i.test(osName)) return 'Mac';
  if (/^chrom(e|ium) ?os/i.test(osName)) return 'Chromebook';
  if (/linux|ubuntu|debian|fedora|mint|arch|centos|red ?hat|suse|gentoo/i.test(osName)) return 'Linux PC';
  return 'Unknown';
}

/** Device, device type, browser and OS of a user agent. */
export function describeUserAgent(userAgent: string) {
  const { browser, device, os } = UAParser(userAgent);
  return {
    // A phone names its vendor and model ("Apple iPhone"); a computer is named by its system.
    device: clip(joined(' ', device.vendor, device.model) || (device.type ? 'Unknown' : computerOf(os.name)), 100),
    device_type: clip(device.type ?? 'desktop', 40),
    browser: clip(joined('-', browser.name, browser.version) || 'Unknown', 100),
    os: clip(joined(' ', os.name, os.version) || 'Unknown', 100),
  };
}

/**
 * The place of the request's IP. A proxy's country header is believed only when the app runs
 * behind a proxy (TRUST_PROXY, which is also when Fastify fills request.ips); a direct client
 * could send anything.
 */
export function placeOf(request: FastifyRequest): Promise<IpPlace> {
  const header = request.ips === undefined ? undefined : COUNTRY_HEADERS.map((h) => request.headers[h]).find(Boolean);
  return placeOfIp(request.ip, typeof header === 'string' ? header : undefined);
}

/** IP, parsed user agent, device id and location of the request. */
export async function describeClient(request: FastifyRequest): Promise<VisitorClient> {
  const userAgent = request.headers['user-agent'] ?? '';
  const acceptLanguage = request.headers['accept-language'] ?? '';
  const { location, city } = await placeOf(request);
  return {
    ip: clip(plainIp(request.ip), 64),
    user_agent: clip(userAgent, 512),
    ...describeUserAgent(userAgent),
    location,
    city: city && clip(city, 100),
    device_id: deviceId(userAgent, acceptLanguage),
  };
}
