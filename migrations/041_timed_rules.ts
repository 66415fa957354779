import type { Knex } from 'knex';

/**
 * Which rules the time rules' pass runs (time rules, and those on orders arriving), kept beside the trigger so
 * the pass reads those rules by an index instead of every rule (most are event rules, run after a change).
 * Filled from the stored triggers; the rules repository writes it with every saved trigger.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('automation_rules', (t) => {
    t.boolean('timed').notNullable().defaultTo(false);
    t.index(['timed', 'enabled'], 'automation_rules_timed');
  });
  const rules: Array<{ id: number; trigger_json: string }> = await knex('automation_rules').select(
    'id',
    'trigger_json',
  );
  for (const { id, trigger_json } of rules) {
    const trigger = JSON.parse(trigger_json) as { type?: string; event?: string };
    if (trigger.type === 'time' || (trigger.type === 'event' && trigger.event === 'order.created'))
      await knex('automation_rules').where({ id }).update({ timed: true });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('automation_rules', (t) => {
    t.dropIndex(['timed', 'enabled'], 'automation_rules_timed');
    t.dropColumn('timed');
  });
}
