import { describe, expect, it } from 'vitest';
import { createDb, parseMysqlUrl } from '../../../api/src/db/knex.js';
import { mysqlClientArgs } from '../../../scripts/backupFormat.js';

/** DATABASE_URL with one host, or the nodes of a Galera cluster (DATABASE_NODE picks this process's). */
describe('DATABASE_URL', () => {
  it('reads one host as before', () => {
    expect(parseMysqlUrl('mysql://app:s%40cret@db.internal:3307/tdac?pool=20')).toEqual({
      hosts: [{ host: 'db.internal', port: 3307 }],
      user: 'app',
      password: 's@cret',
      database: 'tdac',
      pool: 20,
    });
  });

  it('reads several hosts, each with its port or 3306', () => {
    expect(parseMysqlUrl('mysql://root@127.0.0.1:3311,node2,[::1]:3313/tdac')).toMatchObject({
      hosts: [
        { host: '127.0.0.1', port: 3311 },
        { host: 'node2', port: 3306 },
        { host: '::1', port: 3313 },
      ],
      user: 'root',
      password: '',
      database: 'tdac',
      pool: 10,
    });
  });

  it('refuses an empty host, a bad pool and a node the address does not list', () => {
    expect(() => parseMysqlUrl('mysql://root@127.0.0.1:3311,/tdac')).toThrow(/empty host/);
    expect(() => parseMysqlUrl('mysql://root@127.0.0.1/tdac?pool=0')).toThrow(/pool/);
    expect(() =>
      createDb({ databaseUrl: 'mysql://root@127.0.0.1:3311,127.0.0.1:3312/tdac', databaseNode: 3, dataDir: '/tmp' }),
    ).toThrow(/DATABASE_NODE is 3 but DATABASE_URL lists 2 host/);
  });

  it("gives backup and restore one node of a cluster: this process's, or the first", () => {
    const url = 'mysql://app:s%40cret@127.0.0.1:3311,127.0.0.1:3312/tdac';
    expect(mysqlClientArgs(url).args).toEqual(['--host=127.0.0.1', '--port=3311', '--user=app']);
    const second = mysqlClientArgs(url, 2);
    expect(second.args).toEqual(['--host=127.0.0.1', '--port=3312', '--user=app']);
    expect(second.env.MYSQL_PWD).toBe('s@cret');
    expect(second.database).toBe('tdac');
  });
});
