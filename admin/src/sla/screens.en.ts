import { slaMenuEn } from './messages.en';

/**
 * SLA's English texts: `resources.sla-policies` and `resources.sla-report`, loaded with the screens (useSlaText);
 * the French ones (messages.fr.ts) load with the French catalogue.
 */
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
    menu: slaMenuEn['sla-report'].menu,
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
