/** The mail templates' views, one chunk loaded when an Admin first opens them. */
export { default as MailTemplateList } from './MailTemplateList';
export { default as MailTemplateCreate } from './MailTemplateCreate';
export { default as MailTemplateEdit } from './MailTemplateEdit';
