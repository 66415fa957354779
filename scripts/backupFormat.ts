/** What npm run backup writes and npm run restore reads, shared by both. */
import fs from 'node:fs';
import { spawn } from 'node:child_process';
import type { Knex } from 'knex';
import type { AppConfig } from '../api/src/config.js';
import { createStorage, type Storage } from '../api/src/storage/index.js';
import { parseMysqlUrl } from '../api/src/db/knex.js';
import type { BackupEncryption } from './backupCrypto.js';

export const SQLITE_FILE = 'app.sqlite';
export const MYSQL_DUMP_FILE = 'database.sql';
export const DOCUMENTS_FOLDER = 'documents';
export const MANIFEST_FILE = 'manifest.json';

export interface Manifest {
  createdAt: string;
  dialect: 'sqlite' | 'mysql';
  /** Storage keys of the documents, as the database names them. */
  documents: string[];
  /** Present when every other file is encrypted under BACKUP_KEY (npm run backup -- --encrypt). */
  encryption?: BackupEncryption;
}

export const storageOf = (config: AppConfig): Storage => createStorage(config);

/**
 * The mysql client programs' connection flags for DATABASE_URL; the password goes through the environment. On a
 * Galera cluster (several hosts) they name one node, this process's (DATABASE_NODE) or the first: a dump of one
 * node holds the whole cluster, and a restore into one node replicates to the others.
 */
export function mysqlClientArgs(
  databaseUrl: string,
  databaseNode = 0,
): { args: string[]; env: NodeJS.ProcessEnv; database: string } {
  const { hosts, user, password, database } = parseMysqlUrl(databaseUrl);
  const node = hosts[Math.max(0, databaseNode - 1)] ?? hosts[0]!;
  const args = [`--host=${node.host}`, `--port=${node.port}`, `--user=${user}`];
  return { args, env: { ...process.env, MYSQL_PWD: password }, database };
}

/** Runs a client program with stdin/stdout bound to files; rejects with its stderr when it fails. */
export function run(program: string, args: string[], env: NodeJS.ProcessEnv, io: { stdin?: string; stdout?: string }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, {
      env,
      stdio: [
        io.stdin ? fs.openSync(io.stdin, 'r') : 'ignore',
        io.stdout ? fs.openSync(io.stdout, 'w', 0o600) : 'ignore',
        'pipe',
      ],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${stderr}`)),
    );
  });
}

/** The app's tables with at least one row, to tell an empty database from one in use. */
export async function tablesWithRows(db: Knex, dialect: 'sqlite' | 'mysql'): Promise<string[]> {
  const names: string[] =
    dialect === 'mysql'
      ? ((await db.raw('SHOW TABLES'))[0] as Array<Record<string, string>>).map((row) => Object.values(row)[0]!)
      : await db('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name');
  const used: string[] = [];
  for (const name of names) if (await db(name).first()) used.push(name);
  return used;
}
