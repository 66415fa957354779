import type { Texts } from '../shared/catalogue';
import type { automationEn } from './messages.en';

const actionsFr: Texts<typeof automationEn>['automation-rules']['actions'] = {
  types: {
    move: 'Déplacer',
    assign: 'Attribuer',
    unassign: 'Rendre',
    setField: 'Remplir un champ',
    comment: 'Commenter',
    mail: 'Courriel',
    webhook: 'Webhook',
    notify: 'Notifier',
  },
  fields: {
    type: 'Action',
    status: 'Statut',
    member: 'Id du membre',
    strategy: 'Stratégie',
    role: 'Rôle',
    cap: 'Commandes ouvertes au plus par membre',
    presentMinutes: 'Connecté depuis moins de (minutes)',
    field: 'Ou depuis la date de',
    value: 'Valeur',
    text: 'Texte',
    template: 'Modèle',
    url: 'Adresse',
    message: 'Message',
  },
  strategies: { roundRobin: 'Tour à tour', leastLoaded: 'Le moins chargé' },
};

export const automationFr: Texts<typeof automationEn> = {
  'automation-rules': {
    name: 'Règle |||| Règles',
    fields: {
      name: 'Nom',
      enabled: 'Active',
      trigger: 'Quand',
      conditions: 'Conditions',
      actions: 'Actions',
      position: 'Position',
    },
    createTitle: 'Ajouter une règle',
    editTitle: 'Règle %{name}',
    trigger: {
      type: 'Déclencheur',
      event: 'Évènement',
      to: 'Vers le statut',
      field: 'Ou depuis la date de',
      status: 'Statut',
      afterMinutes: 'Après (minutes)',
      types: { event: 'Sur un évènement', time: 'Après un temps' },
    },
    help: {
      conditions: 'La règle n’agit que sur les commandes qui remplissent chaque condition ci-dessous.',
      afterMinutes:
        '2880 minutes font 2 jours. Une fois par commande à chaque entrée dans le statut, ou une fois par valeur de la date (négatif : avant).',
      field: 'Une date compte depuis son minuit UTC.',
      position: 'Les règles d’un même évènement s’exécutent la plus petite d’abord.',
    },
    dryRun: {
      button: 'Essai à blanc',
      result: '%{count} commandes maintenant ; premiers ids : %{ids}',
      none: 'Aucune commande maintenant.',
    },
    actions: actionsFr,
  },
  'automation-runs': {
    name: 'Exécution |||| Exécutions',
    fields: { rule: 'Règle', macro: 'Macro', order: 'Commande', when: 'Quand (UTC)', actions: 'Fait', error: 'Erreur' },
  },
  macros: {
    name: 'Macro |||| Macros',
    fields: { name: 'Nom', roles: 'Rôles qui l’exécutent', actions: 'Actions' },
    createTitle: 'Ajouter une macro',
    editTitle: 'Macro %{name}',
    menu: 'Macros',
    none: 'Aucune macro pour votre rôle.',
    ran: 'Macro %{name} faite.',
  },
};
