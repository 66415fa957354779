import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';

/**
 * Per-IP limits of the public endpoints (docs/product.md#visitor-area). Tracking is the guessable step, so it
 * gets config.trackRateMax per window; the download steps, which need a signed token or link
 * anyway, get five times that, room for a visitor reloading and downloading again.
 */
export const DOWNLOAD_RATE_FACTOR = 5;

const perIp = (name: string, max: number, config: AppConfig) => ({
  max,
  timeWindow: config.rateWindowMs,
  keyGenerator: (request: FastifyRequest) => `${name}|${request.ip}`,
});

export const trackRateLimit = (config: AppConfig) => perIp('track', config.trackRateMax, config);

export const downloadRateLimit = (config: AppConfig) =>
  perIp('visitor-download', config.trackRateMax * DOWNLOAD_RATE_FACTOR, config);
