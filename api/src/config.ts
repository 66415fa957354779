import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import os from 'node:os';
import envSchema from 'env-schema';
import { Type, type Static } from 'typebox';
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
  /** Run automation's workers (time rules, the webhook outbox) inside the API process. */
  automationWorker: boolean;
  /** The key webhooks' bodies are signed with (HMAC-SHA256); by default derived from the JWT secret. */
  webhookSigningSecret: string;
  /** First retry delay; each later retry waits twice as long (capped at an hour). */
  mailRetryBaseMs: number;
  /** Failed sign-ins per account and address before each further one waits (5x per address, any account). */
  loginRateMax: number;
  /**
   * Failed sign-ins per account and window (RATE_WINDOW_MS) that all unknown browsers share, and that each
   * browser with a device cookie of the account has for itself (LOGIN_ACCOUNT_RATE_MAX); then 429.
   */
  loginAccountRateMax: number;
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
  /** How long a token's session check is trusted without asking the database again; 0 asks on every request. */
  memberCacheMs: number;
  /** Connections served at once; more are refused at once. */
  maxConnections: number;
  /** SendGrid Event Webhook verification key (base64 DER or PEM); empty refuses every SendGrid event. */
  sendgridWebhookPublicKey: string;
  /** Stripe's signing secret of the dispute webhook endpoint (whsec_…); empty: every Stripe call is refused. */
  stripeWebhookSecret: string;
  /** PEM file of the certificate SNS signs with (configured, never fetched); empty refuses every SES event. */
  sesSnsCertFile: string;
  /** SNS topics whose SES events are accepted (SES_SNS_TOPIC_ARNS, comma-separated); empty accepts any topic. */
  sesSnsTopicArns: string[];
  /** Webhook requests per IP and window. */
  webhookRateMax: number;
  /** redis:// address shared by several API processes (events, presence, rate limits); empty: in-process. */
  redisUrl: string;
  /** API processes `npm start` runs (WEB_CONCURRENCY; default: one per core with Redis, else one). */
  webConcurrency: number;
  /** s3://bucket?endpoint=&region= keeps documents in an S3-compatible bucket; empty: DATA_DIR/uploads. */
  storageUrl: string;
  /** Interval of the keep-alive comments on live event streams (LIVE_HEARTBEAT_MS). */
  liveHeartbeatMs: number;
  /** A session with no request for this long ends (SESSION_IDLE_MINUTES); the security policy may set another. */
  sessionIdleMinutes: number;
  /** Refunds, role changes, imports, backups and exports need a password or factor check this recent (STEP_UP_MINUTES). */
  stepUpMinutes: number;
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
  /** The key documents are encrypted with at rest (AES-256-GCM, 32 bytes); see storage/encrypted.ts. */
  dataKey: Buffer;
  /** Earlier keys, still read (never written with) while files are re-encrypted after a rotation. */
  dataKeysPrevious: Buffer[];
  /** Write every audit event as one JSON line on stdout too, for shipping to another system. */
  auditLogStdout: boolean;
  /** Run the personal data retention worker in this process (the first API process under cluster.ts). */
  retentionWorker: boolean;
}

/** How long a session check is trusted by default (plugins/memberCache.ts). */
export const MEMBER_CACHE_DEFAULT_MS = 2_000;
const count = (fallback: number, minimum = 0) => Type.Integer({ default: fallback, minimum });
/** A comma-separated list (env-schema's `separator`), as an array. */
const commaList = () => Type.Unsafe<string[]>({ type: 'string', separator: ',', default: '' });
const FLAG_ON = ['1', 'true', 'yes', 'on'];
const flag = (fallback?: boolean) =>
  Type.Enum([...FLAG_ON, '0', 'false', 'no', 'off'], fallback === undefined ? {} : { default: String(fallback) });

/**
 * Every environment variable the API reads (README's Environment table), with its type, bounds and default.
 * An empty variable counts as unset. A variable that breaks its rule stops the start, named in the error.
 */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Enum(['development', 'production', 'test'], { default: 'development' }),
  HOST: Type.Optional(Type.String()),
  PORT: count(3000),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.String({ default: '', pattern: '^$|^mysql://' }),
  DATABASE_NODE: count(0),
  DATABASE_READ_URL: Type.String({ default: '', pattern: '^$|^mysql://' }),
  JWT_SECRET: Type.Optional(Type.String()),
  JWT_EXPIRES_IN: Type.String({ default: '12h' }),
  PUBLIC_ADMIN_URL: Type.Optional(Type.String()),
  COUNTRY_NAME: Type.String({ default: 'Thailand' }),
  UPLOAD_MAX_MB: count(10, 1),
  CORS_ORIGINS: commaList(),
  MAIL_AWS_URL: Type.String({ default: '' }),
  MAIL_SENDGRID_URL: Type.String({ default: '' }),
  MAIL_FROM: Type.String({ default: 'Thailand Arrival Card <no-reply@localhost>' }),
  MAIL_WORKER: flag(true),
  MAIL_MAX_ATTEMPTS: count(8, 1),
  MAIL_RETRY_BASE_MS: count(60_000),
  AUTOMATION_WORKER: flag(true),
  WEBHOOK_SIGNING_SECRET: Type.String({ default: '' }),
  LOGIN_RATE_MAX: count(10, 1),
  LOGIN_ACCOUNT_RATE_MAX: count(10, 1),
  LOGIN_DELAY_BASE_MS: count(1000, 1),
  TRACK_RATE_MAX: count(20, 1),
  RATE_WINDOW_MS: count(15 * 60_000, 1000),
  SEED_DEMO: Type.Optional(flag()),
  LOG_LEVEL: Type.Optional(Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])),
  TRUST_PROXY: Type.Optional(Type.String()),
  REQUEST_TIMEOUT_MS: count(120_000, 1000),
  HEADERS_TIMEOUT_MS: count(10_000, 1000),
  IDLE_TIMEOUT_MS: count(30_000, 1000),
  KEEP_ALIVE_TIMEOUT_MS: count(5000, 1000),
  MEMBER_CACHE_MS: count(MEMBER_CACHE_DEFAULT_MS, 0),
  MAX_CONNECTIONS: count(1000, 1),
  CONNECTIONS_PER_ADDRESS: Type.Optional(Type.Integer({ minimum: 0 })),
  BODY_TIMEOUT_MS: count(10_000, 1000),
  SENDGRID_WEBHOOK_PUBLIC_KEY: Type.String({ default: '' }),
  SES_SNS_CERT_FILE: Type.String({ default: '' }),
  STRIPE_WEBHOOK_SECRET: Type.String({ default: '' }),
  SES_SNS_TOPIC_ARNS: commaList(),
  WEBHOOK_RATE_MAX: count(600, 1),
  REDIS_URL: Type.String({ default: '', pattern: '^$|^rediss?://' }),
  WEB_CONCURRENCY: Type.Optional(Type.Integer({ minimum: 1 })),
  STORAGE_URL: Type.String({ default: '' }),
  LIVE_HEARTBEAT_MS: count(15_000, 100),
  LIVE_STREAMS_PER_MEMBER: count(5, 1),
  LIVE_STREAMS_PER_ADDRESS: count(20, 1),
  LIVE_TICKET_RATE_MAX: count(30, 1),
  METRICS_TOKEN: Type.String({ default: '' }),
  SESSION_IDLE_MINUTES: count(30, 1),
  STEP_UP_MINUTES: count(10, 1),
  DATA_KEY: Type.Optional(Type.String()),
  DATA_KEY_PREVIOUS: commaList(),
  AUDIT_LOG_STDOUT: flag(false),
  RETENTION_WORKER: flag(true),
});

/** What Ajv says of a variable that breaks its rule (`instancePath` is `/NAME`). */
interface EnvProblem {
  instancePath: string;
  keyword: string;
  message?: string;
  params: { allowedValues?: string[] };
}

/** The environment checked against EnvSchema, its defaults filled in; a broken rule throws naming its variable. */
function readEnv(env: NodeJS.ProcessEnv): Static<typeof EnvSchema> {
  // `FOO= npm start` means FOO unset (Ajv would read '' as 0 for a number).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  try {
    return envSchema<Static<typeof EnvSchema>>({ schema: EnvSchema, data: set, env: false });
  } catch (error) {
    const problems = (error as { errors?: EnvProblem[] }).errors;
    if (!problems) throw error;
    const said = (problem: EnvProblem) =>
      problem.keyword === 'enum' ? `must be one of ${problem.params.allowedValues?.join(', ')}` : problem.message;
    throw new Error(problems.map((problem) => `${problem.instancePath.slice(1)} ${said(problem)}`).join('; '));
  }
}

/** TRUST_PROXY as Fastify wants it: 'true'/'1' trusts every proxy, anything else names the proxies' addresses. */
function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || ['false', '0', 'no', 'off'].includes(raw.toLowerCase())) return false;
  return FLAG_ON.includes(raw.toLowerCase()) ? true : raw;
}

/** The JWT secret: JWT_SECRET, else (not in production) one generated once and kept under DATA_DIR. */
function jwtSecret(env: { JWT_SECRET?: string }, dataDir: string, nodeEnv: AppConfig['nodeEnv']): string {
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

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=?$/;

/** A 32-byte key given as 64 hex digits or base64; `name` says which variable is wrong. */
export function parseDataKey(raw: string, name = 'DATA_KEY'): Buffer {
  const text = raw.trim();
  if (HEX_KEY.test(text)) return Buffer.from(text, 'hex');
  if (BASE64_KEY.test(text)) return Buffer.from(text, 'base64');
  throw new Error(`${name} must be 32 bytes: 64 hex digits (openssl rand -hex 32) or base64 (openssl rand -base64 32)`);
}

/** The documents' key: DATA_KEY, else (not in production) one generated once and kept under DATA_DIR. */
function dataKey(env: { DATA_KEY?: string }, dataDir: string, nodeEnv: AppConfig['nodeEnv']): Buffer {
  if (env.DATA_KEY) return parseDataKey(env.DATA_KEY);
  if (nodeEnv === 'production') {
    throw new Error('NODE_ENV=production needs DATA_KEY (openssl rand -hex 32), the same in every API process');
  }
  const file = path.join(dataDir, 'data-key');
  if (fs.existsSync(file)) return parseDataKey(fs.readFileSync(file, 'utf8'), file);
  ensurePrivateDir(dataDir);
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const vars = readEnv(env);
  const nodeEnv = vars.NODE_ENV;
  const dataDir = path.resolve(overrides.dataDir ?? vars.DATA_DIR);
  const proxies = trustProxy(vars.TRUST_PROXY);
  const config: AppConfig = {
    webhookSigningSecret: '',
    nodeEnv,
    // Only production listens on every interface by default: a development start stays on this machine.
    host: vars.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: vars.PORT,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    databaseNode: vars.DATABASE_NODE,
    databaseReadUrl: vars.DATABASE_READ_URL,
    jwtSecret: overrides.jwtSecret ?? jwtSecret(vars, dataDir, nodeEnv),
    jwtExpiresIn: vars.JWT_EXPIRES_IN,
    publicAdminUrl: (vars.PUBLIC_ADMIN_URL ?? `http://localhost:${vars.PORT}`).replace(/\/$/, ''),
    countryName: vars.COUNTRY_NAME,
    uploadMaxMb: vars.UPLOAD_MAX_MB,
    corsOrigins: vars.CORS_ORIGINS.map((s) => s.trim()).filter(Boolean),
    mailAwsUrl: vars.MAIL_AWS_URL,
    mailSendgridUrl: vars.MAIL_SENDGRID_URL,
    mailFrom: vars.MAIL_FROM,
    mailWorker: FLAG_ON.includes(vars.MAIL_WORKER),
    mailMaxAttempts: vars.MAIL_MAX_ATTEMPTS,
    mailRetryBaseMs: vars.MAIL_RETRY_BASE_MS,
    automationWorker: FLAG_ON.includes(vars.AUTOMATION_WORKER),
    loginRateMax: vars.LOGIN_RATE_MAX,
    loginAccountRateMax: vars.LOGIN_ACCOUNT_RATE_MAX,
    loginDelayBaseMs: vars.LOGIN_DELAY_BASE_MS,
    trackRateMax: vars.TRACK_RATE_MAX,
    rateWindowMs: vars.RATE_WINDOW_MS,
    seedDemo: vars.SEED_DEMO === undefined ? nodeEnv !== 'production' : FLAG_ON.includes(vars.SEED_DEMO),
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    trustProxy: proxies,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: vars.HEADERS_TIMEOUT_MS,
    idleTimeoutMs: vars.IDLE_TIMEOUT_MS,
    keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS,
    memberCacheMs: vars.MEMBER_CACHE_MS,
    maxConnections: vars.MAX_CONNECTIONS,
    sendgridWebhookPublicKey: vars.SENDGRID_WEBHOOK_PUBLIC_KEY,
    sesSnsCertFile: vars.SES_SNS_CERT_FILE,
    stripeWebhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    sesSnsTopicArns: vars.SES_SNS_TOPIC_ARNS.map((s) => s.trim()).filter(Boolean),
    webhookRateMax: vars.WEBHOOK_RATE_MAX,
    redisUrl: vars.REDIS_URL,
    webConcurrency: vars.WEB_CONCURRENCY ?? (vars.REDIS_URL ? os.availableParallelism() : 1),
    storageUrl: vars.STORAGE_URL,
    liveHeartbeatMs: vars.LIVE_HEARTBEAT_MS,
    metricsToken: vars.METRICS_TOKEN,
    sessionIdleMinutes: vars.SESSION_IDLE_MINUTES,
    stepUpMinutes: vars.STEP_UP_MINUTES,
    liveStreamsPerMember: vars.LIVE_STREAMS_PER_MEMBER,
    liveStreamsPerAddress: vars.LIVE_STREAMS_PER_ADDRESS,
    liveTicketRateMax: vars.LIVE_TICKET_RATE_MAX,
    // Behind a proxy every connection comes from the proxy's address: the proxy limits per client there.
    connectionsPerAddress: vars.CONNECTIONS_PER_ADDRESS ?? (proxies ? 0 : 100),
    bodyTimeoutMs: vars.BODY_TIMEOUT_MS,
    dataKey: overrides.dataKey ?? dataKey(vars, dataDir, nodeEnv),
    dataKeysPrevious: vars.DATA_KEY_PREVIOUS.map((k) => k.trim())
      .filter(Boolean)
      .map((k) => parseDataKey(k, 'DATA_KEY_PREVIOUS')),
    auditLogStdout: FLAG_ON.includes(vars.AUDIT_LOG_STDOUT),
    retentionWorker: FLAG_ON.includes(vars.RETENTION_WORKER),
    ...overrides,
  };
  config.webhookSigningSecret ||=
    vars.WEBHOOK_SIGNING_SECRET || crypto.createHmac('sha256', config.jwtSecret).update('webhooks').digest('hex');
  if (config.databaseReadUrl && !config.databaseUrl) {
    throw new Error('DATABASE_READ_URL must be a mysql:// address, a replica of the DATABASE_URL database');
  }
  return config;
}
