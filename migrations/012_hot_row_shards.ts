import type { Knex } from 'knex';

/**
 * Galera: every order change adds to a few shared rows, the queue counters and the rank
 * blocks, and two cluster nodes writing one row at once make one transaction lose certification and
 * run again (with three nodes writing, 17-21 of every 100 changes did). A `shard` in their keys lets
 * each node's writers add to rows of their own (db/knex.ts hotRowShard); readers sum the shards. On
 * one database every writer uses shard 0, as the rows were. Each table is rebuilt with the new key
 * (SQLite cannot change a primary key in place); both are small (keys, not orders).
 */
const TABLES: Array<{ name: string; key: string[]; columns: (t: Knex.CreateTableBuilder) => void }> = [
  {
    name: 'order_counters',
    key: ['status', 'mode', 'assignee_id', 'due_date'],
    columns(t) {
      t.string('status', 32).notNullable();
      t.string('mode', 16).notNullable();
      t.integer('assignee_id').unsigned().notNullable().defaultTo(0);
      t.string('due_date', 10).notNullable().defaultTo('');
      t.bigInteger('count').notNullable().defaultTo(0);
    },
  },
  {
    name: 'order_ranks',
    key: ['status', 'block'],
    columns(t) {
      t.string('status', 32).notNullable();
      t.integer('block').unsigned().notNullable();
      t.integer('count').notNullable().defaultTo(0);
    },
  },
];

async function rebuild(knex: Knex, table: (typeof TABLES)[number], sharded: boolean) {
  const next = `${table.name}_next`;
  await knex.schema.createTable(next, (t) => {
    table.columns(t);
    if (sharded) t.smallint('shard').unsigned().notNullable().defaultTo(0);
    t.primary(sharded ? [...table.key, 'shard'] : table.key);
  });
  const columns = [...table.key, 'count'];
  // Going back folds the shards into one row per key.
  const select = sharded
    ? knex(table.name).select(columns)
    : knex(table.name).select(table.key).sum({ count: 'count' }).groupBy(table.key);
  await knex.raw(`INSERT INTO ?? (${columns.map(() => '??').join(', ')}) ${select.toString()}`, [next, ...columns]);
  await knex.schema.dropTable(table.name);
  await knex.schema.renameTable(next, table.name);
}

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) await rebuild(knex, table, true);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) await rebuild(knex, table, false);
}
