import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../api/src/app.js';
import { loadConfig } from '../../../api/src/config.js';
import { createDb } from '../../../api/src/db/knex.js';
import { createMailWorker } from '../../../api/src/modules/mail/worker.js';
import { migrateLatest } from '../../../migrations/index.js';
import { seedDemo } from '../../../seeds/index.js';
import { minimalPdf } from '../../../seeds/generator.js';

/**
 * The data directory is 0700 and every file in it 0600 (the SQLite database and
 * its WAL, the JWT secret, uploaded documents, mail files), whatever the umask; an existing 0644
 * database is made private at start.
 */
const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** Every folder and file under `root`, with its mode. */
const modes = (root: string): Array<[string, number, boolean]> =>
  fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => {
    const full = path.join(root, name);
    return [name, mode(full), fs.statSync(full).isDirectory()];
  });

describe('file modes under DATA_DIR', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tdac-modes-'));
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('keeps the data directory 0700 and its files 0600 through a start, an upload and a mail', async () => {
    const dataDir = path.join(parent, 'data');
    const umask = process.umask(0o022);
    try {
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }, { mailWorker: false, loginRateMax: 100 });
      const db = createDb(config);
      await migrateLatest(db);
      await seedDemo(db, dataDir);
      const app = await buildApp({ config, db });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/admin/admin-login',
          payload: { email: 'team@demo.test', password: 'demo1234' },
        });
        const order = await db('orders').where({ process_status: 'New' }).first('order_id');
        const form = new FormData();
        form.append('orderId', String(order.order_id));
        form.append('email', 'customer@example.test');
        form.append('uploadVisaDoc', new File([new Uint8Array(minimalPdf(['card']))], 'card.pdf'));
        const upload = await app.inject({
          method: 'POST',
          url: '/api/admin/upload-visa-document',
          headers: { authorization: login.json().token },
          payload: form,
        });
        expect(upload.json().status).toBe(1);
        const worker = createMailWorker({
          db,
          config,
          storage: app.storage,
          log: { info() {}, warn() {}, error() {} },
        });
        expect(await worker.runOnce()).toBeGreaterThan(0);
        await worker.stop();
      } finally {
        await app.close();
        await db.destroy();
      }
      const found = modes(dataDir);
      expect(found.map(([name]) => name)).toEqual(
        expect.arrayContaining(['app.sqlite', 'jwt-secret', 'uploads', path.join('mail', 'aws')]),
      );
      expect(found.some(([name]) => name.endsWith('.eml'))).toBe(true);
      expect(found.some(([name]) => name.startsWith(path.join('uploads', 'docs') + path.sep))).toBe(true);
      expect(mode(dataDir)).toBe(0o700);
      for (const [name, fileMode, isDir] of found) expect(fileMode, name).toBe(isDir ? 0o700 : 0o600);
    } finally {
      process.umask(umask);
    }
  });

  it('makes an existing world-readable database and data directory private at start', async () => {
    const dataDir = path.join(parent, 'old');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.writeFileSync(path.join(dataDir, 'app.sqlite'), '', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'app.sqlite'), 0o644);
    const db = createDb({ dataDir });
    await migrateLatest(db);
    await db.destroy();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'app.sqlite'))).toBe(0o600);
  });

  it('refuses a shared folder such as /tmp rather than locking others out of it', () => {
    const shared = path.join(parent, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    expect(() => createDb({ dataDir: shared })).toThrow(/shared folder/);
    expect(mode(shared)).toBe(0o777);
    expect(fs.statSync(shared).mode & 0o1000).toBeTruthy();
  });
});
