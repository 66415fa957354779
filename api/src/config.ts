import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { ensurePrivateDir } from './storage/privateFiles.js';

/** Everything the API reads from its environment, validated once at start. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Empty: the embedded SQLite database under dataDir. */
  databaseUrl: string;
  /** Which host of a DATABASE_URL listing several (a Galera cluster) this process uses, 1-based; 0: the first. */
  databaseNode: number;
  /** A read replica (DATABASE_READ_URL) the reports read through; empty: they read the primary. Never written to. */
  databaseReadUrl: string;
  jwtSecret: string;
  jwtExpiresIn: string;
  /** Base address of the admin host, used in customer links of mails. */
  publicAdminUrl: string;
  /** Header title of the admin area and tab title of the sign-in page. */
  countryName: string;
  uploadMaxMb: number;
  corsOrigins: string[];
  mailAwsUrl: string;
  mailSendgridUrl: string;
  mailFrom: string;
  /** Run the mail outbox worker inside the API process. */
  mailWorker: boolean;
  /** Attempts before an outbox mail is marked failed. */
  mailMaxAttempts: number;
  /** First retry delay; each later retry waits twice as long (capped at an hour). */
  mailRetryBaseMs: number;
  /** Failed sign-ins per account and address before each further one waits (5x per address, any account). */
  loginRateMax: number;
  /** The first wait after those (LOGIN_DELAY_BASE_MS); it doubles with each failure, up to RATE_WINDOW_MS. */
  loginDelayBaseMs: number;
  trackRateMax: number;
  rateWindowMs: number;
  /** Seed demo data into an empty database at start (never in production). */
  seedDemo: boolean;
  logLevel: string;
  /** Fastify's trustProxy: false, true, or addresses/CIDRs of the proxies (TRUST_PROXY). */
  trustProxy: boolean | string;
  /** A request must arrive whole within this time (slow bodies), its headers within headersTimeoutMs. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** A connection with no bytes for this long is closed; so is a kept-alive one idle between requests for keepAliveTimeoutMs. */
  idleTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** Connections served at once; more are refused at once. */
  maxConnections: number;
  /** SendGrid Event Webhook verification key (base64 DER or PEM); empty refuses every SendGrid event. */
  sendgridWebhookPublicKey: string;
  /** PEM file of the certificate SNS signs with (configured, never fetched); empty refuses every SES event. */
  sesSnsCertFile: string;
  /** SNS topics whose SES events are accepted (SES_SNS_TOPIC_ARNS, comma-separated); empty accepts any topic. */
  sesSnsTopicArns: string[];
  /** Webhook requests per IP and window. */
  webhookRateMax: number;
  /** redis:// address shared by several API processes (events, presence, rate limits); empty: in-process. */
  redisUrl: string;
  /** s3://bucket?endpoint=&region= keeps documents in an S3-compatible bucket; empty: DATA_DIR/uploads. */
  storageUrl: string;
  /** A Priority order unfinished this many hours after payment is overdue (domain/src/sla.ts). */
  slaPriorityHours: number;
  /** A New (standard) order unfinished this many hours after payment is overdue. */
  slaStandardHours: number;
  /** Interval of the keep-alive comments on live event streams (LIVE_HEARTBEAT_MS). */
  liveHeartbeatMs: number;
  /** How long a queue page read stays cached when no order change clears it (PAGE_CACHE_MS; 0: no cache). */
  pageCacheMs: number;
  /** Bearer token that may read GET /metrics (METRICS_TOKEN); empty: no /metrics at all. */
  metricsToken: string;
  /** Live event streams open at once per member and per client address, across processes with Redis. */
  liveStreamsPerMember: number;
  liveStreamsPerAddress: number;
  /** Live stream tickets a member may ask for per minute (LIVE_TICKET_RATE_MAX). */
  liveTicketRateMax: number;
  /** Connections one address may hold open at once on this process; 0: no limit (the default behind TRUST_PROXY). */
  connectionsPerAddress: number;
  /** A request without a valid token must send its whole body within this time (BODY_TIMEOUT_MS). */
  bodyTimeoutMs: number;
}

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  return n;
}

/** TRUST_PROXY as Fastify wants it: 'true'/'1' trusts every proxy, anything else names the proxies' addresses. */
function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || ['false', '0', 'no', 'off'].includes(raw.toLowerCase())) return false;
  return ['true', '1', 'yes', 'on'].includes(raw.toLowerCase()) ? true : raw;
}

/** The JWT secret: JWT_SECRET, else (not in production) one generated once and kept under DATA_DIR. */
function jwtSecret(env: NodeJS.ProcessEnv, dataDir: string, nodeEnv: AppConfig['nodeEnv']): string {
  if (nodeEnv === 'production' && !env.JWT_SECRET) {
    throw new Error('NODE_ENV=production needs JWT_SECRET (32+ random characters), shared by every API process');
  }
  if (env.JWT_SECRET) {
    if (env.JWT_SECRET.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    return env.JWT_SECRET;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  ensurePrivateDir(dataDir);
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = (env.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new Error(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const port = int(env, 'PORT', 3000, 0);
  const config: AppConfig = {
    nodeEnv,
    // Only production listens on every interface by default: a development start stays on this machine.
    host: env.HOST || (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    databaseNode: int(env, 'DATABASE_NODE', 0),
    databaseReadUrl: env.DATABASE_READ_URL ?? '',
    jwtSecret: overrides.jwtSecret ?? jwtSecret(env, dataDir, nodeEnv),
    jwtExpiresIn: env.JWT_EXPIRES_IN ?? '12h',
    publicAdminUrl: (env.PUBLIC_ADMIN_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    countryName: env.COUNTRY_NAME ?? 'Thailand',
    uploadMaxMb: int(env, 'UPLOAD_MAX_MB', 10, 1),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mailAwsUrl: env.MAIL_AWS_URL ?? '',
    mailSendgridUrl: env.MAIL_SENDGRID_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'Thailand Arrival Card <no-reply@localhost>',
    mailWorker: bool(env.MAIL_WORKER, true),
    mailMaxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 8, 1),
    mailRetryBaseMs: int(env, 'MAIL_RETRY_BASE_MS', 60_000, 0),
    loginRateMax: int(env, 'LOGIN_RATE_MAX', 10, 1),
    loginDelayBaseMs: int(env, 'LOGIN_DELAY_BASE_MS', 1000, 1),
    trackRateMax: int(env, 'TRACK_RATE_MAX', 20, 1),
    rateWindowMs: int(env, 'RATE_WINDOW_MS', 15 * 60_000, 1000),
    seedDemo: bool(env.SEED_DEMO, nodeEnv !== 'production'),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 120_000, 1000),
    headersTimeoutMs: int(env, 'HEADERS_TIMEOUT_MS', 10_000, 1000),
    idleTimeoutMs: int(env, 'IDLE_TIMEOUT_MS', 30_000, 1000),
    keepAliveTimeoutMs: int(env, 'KEEP_ALIVE_TIMEOUT_MS', 5000, 1000),
    maxConnections: int(env, 'MAX_CONNECTIONS', 1000, 1),
    sendgridWebhookPublicKey: env.SENDGRID_WEBHOOK_PUBLIC_KEY ?? '',
    sesSnsCertFile: env.SES_SNS_CERT_FILE ?? '',
    sesSnsTopicArns: (env.SES_SNS_TOPIC_ARNS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webhookRateMax: int(env, 'WEBHOOK_RATE_MAX', 600, 1),
    redisUrl: env.REDIS_URL ?? '',
    storageUrl: env.STORAGE_URL ?? '',
    slaPriorityHours: int(env, 'SLA_PRIORITY_HOURS', 2, 1),
    slaStandardHours: int(env, 'SLA_STANDARD_HOURS', 24, 1),
    liveHeartbeatMs: int(env, 'LIVE_HEARTBEAT_MS', 15_000, 100),
    pageCacheMs: int(env, 'PAGE_CACHE_MS', 5_000),
    metricsToken: env.METRICS_TOKEN ?? '',
    liveStreamsPerMember: int(env, 'LIVE_STREAMS_PER_MEMBER', 5, 1),
    liveStreamsPerAddress: int(env, 'LIVE_STREAMS_PER_ADDRESS', 20, 1),
    liveTicketRateMax: int(env, 'LIVE_TICKET_RATE_MAX', 30, 1),
    // Behind a proxy every connection comes from the proxy's address: the proxy limits per client there.
    connectionsPerAddress: int(env, 'CONNECTIONS_PER_ADDRESS', trustProxy(env.TRUST_PROXY) ? 0 : 100),
    bodyTimeoutMs: int(env, 'BODY_TIMEOUT_MS', 10_000, 1000),
    ...overrides,
  };
  if (config.databaseUrl && !config.databaseUrl.startsWith('mysql://')) {
    throw new Error('DATABASE_URL must be a mysql:// address (leave it empty for the embedded SQLite database)');
  }
  if (config.databaseReadUrl && !(config.databaseUrl && config.databaseReadUrl.startsWith('mysql://'))) {
    throw new Error('DATABASE_READ_URL must be a mysql:// address, a replica of the DATABASE_URL database');
  }
  if (config.redisUrl && !/^rediss?:\/\//.test(config.redisUrl)) {
    throw new Error('REDIS_URL must be a redis:// or rediss:// address (leave it empty to run in-process)');
  }
  return config;
}
