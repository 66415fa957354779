/**
 * The Configuration area's English texts: `resources.order-fields` and `resources.custom-queues`.
 * Kept apart from the French ones (messages.fr.ts), which load with the French catalogue only.
 */
export const orderFieldsEn = {
  name: 'Order field |||| Order fields',
  // The Configuration area's sidebar link leads here.
  menu: 'Configuration',
  fields: {
    id: 'Key',
    label: 'Label',
    labelFr: 'Label (French)',
    type: 'Type',
    choices: 'Choices',
    help: 'Help',
    required: 'Required',
    min: 'Minimum',
    max: 'Maximum',
    pattern: 'Pattern',
    readRoles: 'Roles that read it',
    editRoles: 'Roles that edit it',
    column: 'Column',
    columnDefault: 'Shown by default',
    filter: 'Filter',
    sortable: 'Sortable',
    section: 'Section',
    position: 'Position',
    builtIn: 'Built-in',
    removed: 'Removed',
  },
  title: 'Configuration',
  createTitle: 'Add a custom field',
  editTitle: 'Field %{id}',
  types: {
    text: 'Text',
    longText: 'Long text',
    number: 'Number',
    date: 'Date',
    datetime: 'Date and time',
    boolean: 'Yes / No',
    choice: 'Choice',
  },
  help: {
    id: 'Lower-case letters, digits and underscores, starting with a letter. It cannot change later.',
    choices: 'One choice per line (at most 200).',
    min: 'Numbers: the smallest value. Text: the shortest length.',
    max: 'Numbers: the largest value. Text: the longest length.',
    pattern: 'Text: a regular expression the whole value must match.',
    columnDefault: 'Unticked, members see the column only once they turn it on.',
    position: 'Place on the order page within its section, lower first.',
    newPosition: 'Place on the order page within its section, lower first. Left empty, it goes last.',
  },
  builtInNote: 'A built-in field: its type and rules are the code’s. Its label, readers, column and place can change.',
  defaultValue: 'Default: %{value}',
  defaultLabel: 'the catalogue’s label',
  lockedTitle: 'Some roles cannot lose this field',
  locked: '%{roles} always read it. %{reason}',
  removedNote: 'This field is removed: it is hidden everywhere and its values are kept.',
  confirmRemove: {
    title: 'Remove the field %{label}?',
    content:
      'It disappears from every order page, table, filter and export. Its values are kept, and Restore brings it back.',
  },
  actions: {
    remove: 'Remove',
    restore: 'Restore',
    restoreDefault: 'Restore default',
  },
  notify: {
    created: 'Field %{id} added.',
    updated: 'Field %{id} saved.',
    removed: 'Field %{id} removed; its values are kept.',
    restored: 'Field %{id} restored.',
    defaultRestored: 'Field %{id} is back to its defaults.',
  },
  validation: {
    key: 'Lower-case letters, digits and underscores, starting with a letter (at most 64).',
    choicesRequired: 'A choice field needs at least one choice.',
    tooManyChoices: 'A choice field has at most 200 choices (this one has %{count}).',
    duplicateChoice: 'Each choice appears once (%{choice} is there twice).',
    minMax: 'The minimum must be at most the maximum.',
    pattern: 'This is not a regular expression.',
    oneRole: 'Pick at least one role.',
  },
  tabs: {
    fields: 'Order fields',
    queues: 'Custom queues',
    templates: 'Mail templates',
    rules: 'Rules',
    runs: 'Runs',
    macros: 'Macros',
    retention: 'Data retention',
    transfer: 'Export / Import',
  },
};

export const customQueuesEn = {
  name: 'Custom queue |||| Custom queues',
  fields: {
    id: 'Key',
    name: 'Name',
    statuses: 'Statuses',
    filter: 'Filter',
    roles: 'Roles',
    icon: 'Icon',
    position: 'Position',
  },
  createTitle: 'Add a custom queue',
  editTitle: 'Queue %{name}',
  help: {
    id: 'Lower-case letters, digits and hyphens; its address is /admin/custom-<key>. Left empty, it comes from the name.',
    filter: 'Orders in the queue also match every condition below.',
    position: 'Place in the sidebar and on the dashboard, lower first.',
    newPosition: 'Place in the sidebar and on the dashboard, lower first. Left empty, it goes last.',
  },
  filterEditor: {
    field: 'Field',
    value: 'Value',
    add: 'Add a condition',
    remove: 'Remove the condition on %{field}',
    none: 'No condition: every order in the statuses above.',
  },
  confirmDelete: {
    title: 'Delete the queue %{name}?',
    content: 'It leaves the sidebar of every role that opens it. Its orders stay as they are.',
  },
  statusesAll: 'All statuses',
  notify: {
    created: 'Queue %{name} added.',
    updated: 'Queue %{name} saved.',
    deleted: 'Queue %{name} deleted.',
  },
  validation: {
    key: 'Lower-case letters, digits and hyphens (at most 57).',
    reserved: '"queues" is the address of this list: pick another key.',
    oneStatus: 'Pick at least one status.',
    oneRole: 'Pick at least one role.',
    fieldValue: 'Pick a field and give it a value.',
  },
};

export const configurationTransferEn = {
  name: 'Export / Import',
  title: 'Export / Import',
  exportTitle: 'Export',
  exportHelp:
    'The custom fields (removed ones too), the built-in fields you changed and the custom queues, as one file. No order values.',
  download: 'Download the configuration',
  importTitle: 'Import',
  importHelp:
    'Choose a configuration file: it is checked first and nothing changes until you apply it. It replaces the whole configuration: custom fields it leaves out are removed (their values kept), custom queues it leaves out are deleted.',
  upload: 'Choose a file',
  notJson: '%{name} is not a configuration file (JSON).',
  dryRun: '%{name} would make this change: |||| %{name} would make these %{smart_count} changes:',
  nothing: '%{name} changes nothing: it is the configuration already in place.',
  refused: '%{name} cannot be imported: one problem. |||| %{name} cannot be imported: %{smart_count} problems.',
  apply: 'Apply the import',
  imported: 'Configuration imported.',
  columns: { change: 'Change', kind: 'What', label: 'Label', key: 'Key', problem: 'Problem', where: 'Where' },
  changes: { added: 'Added', changed: 'Changed', removed: 'Removed', restored: 'Restored' },
  kinds: { fields: 'Custom field', builtIns: 'Built-in field', queues: 'Custom queue' },
};

export const retentionSettingsEn = {
  name: 'Data retention',
  fields: {
    days: 'Days kept after the departure date',
    keptFields: 'Kept for accounts and disputes',
    anonymisedFields: 'Removed (with the documents, download addresses and personal custom values)',
    updatedAt: 'Last changed (UTC)',
  },
  title: 'Data retention',
  help: {
    days: 'From 30 to 3650. An order in ChargeBack or with an open dispute keeps its data until it is closed.',
  },
};
