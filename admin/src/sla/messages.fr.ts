import type { slaEn } from './screens.en';

/** SLA's French texts, loaded with the French catalogue only. */
export const slaFr: typeof slaEn = {
  'sla-policies': {
    name: 'Politique de SLA |||| Politiques de SLA',
    fields: {
      name: 'Nom',
      position: 'Position',
      targetMinutes: 'Objectif (minutes ouvrées)',
      warnAtPercent: 'En danger à partir de (%)',
      pauseStatuses: 'Horloge arrêtée en',
      timeZone: 'Fuseau horaire',
      days: 'Jours ouvrés',
      start: 'De (HH:mm)',
      end: 'À (HH:mm)',
      holidays: 'Jours fériés (AAAA-MM-JJ, séparés par des virgules)',
      conditions: 'Conditions',
      breachActions: 'En cas de dépassement',
    },
    createTitle: 'Ajouter une politique de SLA',
    tab: 'Politiques de SLA',
    conditionsHelp:
      'La première politique dont une commande remplit les conditions s’applique (position la plus basse d’abord).',
  },
  'sla-report': {
    name: 'Rapport SLA',
    menu: 'Rapport SLA',
    fields: {
      from: 'Du',
      to: 'Au',
      by: 'Par',
      group: 'Groupe',
      breaches: 'Dépassements',
      finished: 'Terminées',
      finishedLate: 'Terminées en retard',
      averageFinishMinutes: 'Temps moyen pour terminer',
    },
    by: { queue: 'File', member: 'Membre', week: 'Semaine' },
  },
};
