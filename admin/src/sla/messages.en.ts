/**
 * What the initial catalogue holds of the SLA screens' texts: the menu's and the Configuration tab's names. The
 * screens, loaded when opened, take the rest from screens.en.ts as the default of each key (useSlaText).
 */
export const slaMenuEn = {
  'sla-policies': { tab: 'SLA policies' },
  'sla-report': { name: 'SLA report', menu: 'SLA report' },
};
