/**
 * SLA's English texts: `resources.sla-policies` and `resources.sla-report`. Kept apart from the French ones
 * (messages.fr.ts), which load with the French catalogue only.
 */
/**
 * What the initial catalogue holds of them: the menu's and the Configuration tab's names. The screens, loaded when
 * opened, take the rest from slaEn as the default of each key (useSlaText), so that the first load carries none of it.
 */
export const slaMenuEn = {
  'sla-policies': { tab: 'SLA policies' },
  'sla-report': { name: 'SLA report' },
};

export const slaEn = {
  'sla-policies': {
    name: 'SLA policy |||| SLA policies',
    fields: {
      name: 'Name',
      position: 'Position',
      targetMinutes: 'Target (business minutes)',
      warnAtPercent: 'At risk from (%)',
      pauseStatuses: 'Clock stops in',
      timeZone: 'Time zone',
      days: 'Business days',
      start: 'From (HH:mm)',
      end: 'To (HH:mm)',
      holidays: 'Holidays (YYYY-MM-DD, comma separated)',
      conditions: 'Conditions',
      breachActions: 'On breach',
    },
    createTitle: 'Add an SLA policy',
    tab: slaMenuEn['sla-policies'].tab,
    conditionsHelp: 'The first policy whose conditions an order meets applies (lower position first).',
  },
  'sla-report': {
    name: slaMenuEn['sla-report'].name,
    fields: {
      from: 'From',
      to: 'To',
      by: 'Per',
      group: 'Group',
      breaches: 'Breaches',
      finished: 'Finished',
      finishedLate: 'Finished late',
      averageFinishMinutes: 'Average time to finish',
    },
    by: { queue: 'Queue', member: 'Member', week: 'Week' },
  },
};
