/**
 * Mail templates' English texts (`resources.mail-templates`); the French ones (messages.fr.ts) load
 * with the French catalogue only.
 */
export const mailTemplatesEn = {
  name: 'Mail template |||| Mail templates',
  fields: {
    key: 'Mail',
    language: 'Language',
    brand: 'Brand',
    subject: 'Subject',
    body: 'Body',
    version: 'Version',
    updated_at: 'Updated',
  },
  createTitle: 'Add a mail template',
  editTitle: 'Mail template: %{key} (%{language}, %{brand})',
  help: {
    key: 'Lower case letters, digits and _; a new mail needs its English template of the main brand first.',
    body: 'Paragraphs are separated by a blank line. Variables: %{variables}. Conditionals: {% if amount %}…{% endif %}.',
  },
  preview: {
    title: 'Preview',
    orderId: 'Order ID',
    show: 'Preview',
    test: 'Send me a test',
    testHelp: 'The test sends the saved template, to your own address.',
    frame: 'The mail as the customer sees it',
  },
  versions: {
    title: 'Saved versions',
    savedBy: 'Saved by',
    savedAt: 'Saved',
    current: 'Current',
    restore: 'Restore',
  },
  notify: {
    testQueued: 'Test mail queued for %{to}.',
    restored: 'Version %{version} restored.',
  },
};
