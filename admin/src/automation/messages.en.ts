/**
 * Automation's English texts: `resources.automation-rules`, `resources.automation-runs`, `resources.macros`.
 * Kept apart from the French ones (messages.fr.ts), which load with the French catalogue only.
 */
const actionsEn = {
  types: {
    move: 'Move',
    assign: 'Assign',
    unassign: 'Hand back',
    setField: 'Set a field',
    comment: 'Comment',
    mail: 'Mail',
    webhook: 'Webhook',
    notify: 'Notify',
  },
  fields: {
    type: 'Action',
    status: 'Status',
    member: 'Member id',
    strategy: 'Strategy',
    role: 'Role',
    cap: 'At most open orders each',
    presentMinutes: 'Signed in within (minutes)',
    field: 'Or from the date in',
    value: 'Value',
    text: 'Text',
    template: 'Template',
    url: 'Address',
    message: 'Message',
  },
  strategies: { roundRobin: 'Round robin', leastLoaded: 'Least loaded' },
};

export const automationEn = {
  'automation-rules': {
    name: 'Rule |||| Rules',
    fields: {
      name: 'Name',
      enabled: 'On',
      trigger: 'When',
      conditions: 'Conditions',
      actions: 'Actions',
      position: 'Position',
    },
    createTitle: 'Add a rule',
    editTitle: 'Rule %{name}',
    trigger: {
      type: 'Trigger',
      event: 'Event',
      to: 'Into status',
      field: 'Or from the date in',
      status: 'Status',
      afterMinutes: 'After (minutes)',
      types: { event: 'On an event', time: 'After a time' },
    },
    help: {
      conditions: 'The rule acts only on orders that meet every condition below.',
      afterMinutes:
        '2880 minutes are 2 days. Fires once per order each time it enters the status, or once per value of the date (negative: before it).',
      field: 'A date counts from its midnight UTC.',
      position: 'Rules on the same event run lower first.',
    },
    dryRun: { button: 'Dry run', result: '%{count} orders now; first ids: %{ids}', none: 'No order now.' },
    actions: actionsEn,
  },
  'automation-runs': {
    name: 'Run |||| Runs',
    fields: { rule: 'Rule', macro: 'Macro', order: 'Order', when: 'When (UTC)', actions: 'Done', error: 'Error' },
  },
  macros: {
    name: 'Macro |||| Macros',
    fields: { name: 'Name', roles: 'Roles that run it', actions: 'Actions' },
    createTitle: 'Add a macro',
    editTitle: 'Macro %{name}',
    menu: 'Macros',
    none: 'No macro for your role.',
    ran: 'Macro %{name} done.',
  },
};
