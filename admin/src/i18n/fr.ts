import frenchMessages from 'ra-language-french';
import type { AppMessages } from './en';
import { ordersMessages } from '../orders/messages';
import { mailsMessages } from '../mails/messages';
import { automationFr } from '../automation/messages.fr';
import { slaFr } from '../sla/messages.fr';
import { downloadsMessages } from '../downloads/messages';
import { remarksMessages } from '../remarks/messages';
import { documentsMessages } from '../documents/messages';
import { teamMembersMessages } from '../team-members/messages';
import { auditEventsMessages } from '../audit-events/messages';
import { disputeReportMessages, disputesDueMessages, disputesMessages } from '../disputes/messages';
import { liveMessages } from '../live/messages';
import { speedMessages } from '../speed/messages';
import {
  configurationTransferFr,
  customQueuesFr,
  orderFieldsFr,
  retentionSettingsFr,
} from '../configuration/messages.fr';
import { mailTemplatesFr } from '../mail-templates/messages.fr';

/** French, the second language that proves every text goes through the catalogue. */
export const fr: AppMessages = {
  ...(frenchMessages as unknown as AppMessages),
  app: {
    live: liveMessages.fr,
    speed: speedMessages.fr,
    login: {
      title: 'Connexion',
      subtitle: 'Connectez-vous au back-office',
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      submit: 'Se connecter',
      code: 'Code de votre application d’authentification (ou un code de secours)',
      usePasskey: 'Utiliser une clé d’accès',
      codeRequired: 'Veuillez saisir le code.',
    },
    header: {
      welcome: 'Bienvenue %{name}',
      logout: 'Déconnexion',
      language: 'Langue',
      accountMenu: 'Menu du compte',
      notifications: 'Notifications',
      notificationsUnread: 'Notifications : %{smart_count} non lue |||| Notifications : %{smart_count} non lues',
    },
    notifications: { readAll: 'Tout marquer lu', clearAll: 'Tout effacer', none: 'Aucune notification.' },
    menu: {
      dashboard: 'Tableau de bord',
      configuration: 'Configuration',
      title: 'Menu principal',
      close: 'Fermer le menu',
    },
    queues: {
      myOrder: 'Mes commandes',
      newOrder: 'Nouvelles commandes',
      priorityOrder: 'Commandes prioritaires',
      pendingOrder: 'Commandes en cours',
      completedOrder: 'Commandes terminées',
      awaitingOrder: 'En attente du client',
      awaitingGovtOrder: 'En attente du gouvernement',
      contactCustomer: 'Contacter le client',
      customerCalled: 'Client appelé',
      allOrder: 'Historique des commandes',
      futureOrder: 'Commandes futures',
      deletedOrder: 'Commandes supprimées',
      refundOrder: 'Remboursements',
      chargeBack: 'Rétrofacturations',
    },
    table: {
      order: 'Commande',
      action: 'Action',
    },
    actions: {
      view: 'Voir',
      delete: 'Supprimer la commande',
      deleteRow: 'Supprimer',
      assign: "M'attribuer",
      unassign: "Remettre dans le dossier d'origine",
      refund: 'Remboursée',
      back: 'Retour',
    },
    confirm: {
      title: 'Veuillez confirmer',
      delete: 'Voulez-vous vraiment supprimer ?',
      assign: 'Voulez-vous vraiment vous attribuer ces commandes ?',
      unassign: 'Voulez-vous vraiment remettre ces commandes dans les nouvelles commandes ?',
      refund: 'Voulez-vous vraiment passer ces commandes en remboursement ?',
    },
    notify: {
      assigned: 'La commande vous a été attribuée',
      deleted: 'La commande a été supprimée',
    },
    empty: { noRecords: 'Aucun enregistrement trouvé', noData: 'Aucune donnée dans le tableau' },
    notFound: {
      title: 'Page introuvable',
      message: 'Cette adresse ne mène à aucun écran, ou à un écran que votre rôle ne peut pas ouvrir.',
    },
    pagination: {
      rowsPerPage: 'Lignes par page',
      all: 'Toutes',
      showing: '%{from} à %{to} sur %{total} entrées',
      pages: 'Pages',
      previous: 'Précédent',
      next: 'Suivant',
    },
    future: {
      title: 'Commandes futures',
      orders: '%{smart_count} commande |||| %{smart_count} commandes',
      badMonth: "Ce n'est pas un mois.",
    },
    loading: 'Chargement...',
    evidence: {
      button: 'Dossier de défense %{type}',
      title: 'Dossier de défense %{type} - commande %{orderId}',
      print: 'Imprimer',
      download: 'Télécharger',
      openWindow: 'Ouvrir dans une nouvelle fenêtre',
      failed: "Le dossier de défense n'a pas pu être affiché.",
    },
    account: {
      title: 'Changer le mot de passe',
      currentPassword: 'Mot de passe actuel',
      newPassword: 'Nouveau mot de passe',
      submit: 'Changer le mot de passe',
      currentPasswordRequired: 'Veuillez saisir votre mot de passe actuel.',
    },
    reports: {
      submit: 'Valider',
      serialNumber: 'N°',
      loaded: 'Rapport chargé : %{smart_count} ligne. |||| Rapport chargé : %{smart_count} lignes.',
      badRange: 'La date de début doit précéder ou égaler la date de fin.',
    },
    invoices: {
      title: 'Envoyer une facture',
      orderId: 'N° de commande',
      submit: 'Envoyer la facture',
      badOrderId: 'Veuillez saisir un numéro de commande valide.',
    },
    preferences: {
      savedQueries: 'Requêtes enregistrées',
      saveQuery: 'Enregistrer la requête…',
      saveQueryTitle: 'Enregistrer la requête sous',
      queryName: 'Nom de la requête',
      removeQuery: 'Supprimer la requête « %{name} »',
      noSavedQueries: 'Aucune requête enregistrée.',
      resetLayout: 'Revenir à la disposition de mon rôle',
      layoutReset: 'Vos écrans reprennent la disposition de votre rôle.',
      publishLayout: 'Publier comme disposition par défaut d’un rôle',
      publishHelp:
        'Les colonnes de chaque liste et les sections de la page commande, telles que vous les voyez, deviennent la disposition de départ des membres de ce rôle. Ceux qui ont choisi la leur la gardent.',
      role: 'Rôle',
      publish: 'Publier',
      layoutPublished: 'Votre disposition est maintenant celle par défaut de %{role}.',
    },
    /** Le fuseau horaire du membre (menu utilisateur) : toutes les heures de l’admin y sont affichées. */
    timeZone: {
      title: 'Fuseau horaire',
      help: 'Toutes les dates et heures de l’admin sont affichées dans ce fuseau, avec son abréviation d’heure d’été (EDT, EST…).',
      useBrowser: 'Utiliser le fuseau de ce navigateur',
      saved: 'Les heures sont maintenant affichées en %{zone}.',
    },
    /** Le panneau Colonnes des listes : afficher, masquer et réordonner au clavier ou à la souris. */
    filters: { gte: '%{field} à partir de', lte: "%{field} jusqu'à" },
    columns: {
      title: 'Colonnes',
      moveUp: 'Monter %{column}',
      moveDown: 'Descendre %{column}',
      moved: '%{column} est maintenant la colonne %{position} sur %{total}.',
      reset: 'Réinitialiser les colonnes',
      overflowing: "Plus large que l'écran : masquez des colonnes pour les voir toutes",
    },
    validation: {
      emailInvalid: 'Adresse e-mail invalide',
      emailRequired: "L'adresse e-mail est obligatoire",
      passwordRequired: 'Le mot de passe est obligatoire',
      gatewayRequired: 'Veuillez choisir une passerelle.',
      newPasswordMin: 'Le nouveau mot de passe doit contenir au moins 6 caractères.',
      newPasswordRequired: 'Veuillez saisir votre nouveau mot de passe.',
      teamNameRequired: 'Veuillez saisir votre nom.',
      teamEmailInvalid: 'Veuillez saisir un e-mail valide.',
      patternHelp: 'Pas dans la forme attendue : %{help}',
      pattern: 'Pas dans la forme attendue.',
      teamEmailRequired: 'Veuillez saisir votre e-mail.',
      teamPasswordRequired: 'Veuillez saisir votre mot de passe.',
      teamPasswordMin: 'Le mot de passe doit comporter au moins 6 caractères.',
      teamTypeRequired: 'Veuillez choisir un type.',
      remarkRequired: 'Veuillez saisir votre remarque',
      transactionIdRequired: "Veuillez saisir l'identifiant de transaction",
      merchantNameRequired: 'Veuillez saisir le nom du marchand',
      uploadEmailRequired: 'Veuillez saisir votre e-mail',
      uploadFileRequired: 'Le fichier est obligatoire',
      invoiceOrderIdRequired: 'Veuillez saisir le numéro de commande.',
      invoiceOrderIdMin: 'Le numéro de commande doit contenir au moins 6 caractères.',
      trackOrderIdRequired: 'Veuillez saisir le numéro de commande',
      trackEmailRequired: 'Veuillez saisir votre e-mail',
    },
  },
  resources: {
    orders: ordersMessages.fr,
    mails: mailsMessages.fr,
    downloads: downloadsMessages.fr,
    remarks: remarksMessages.fr,
    documents: documentsMessages.fr,
    'team-members': teamMembersMessages.fr,
    'order-fields': orderFieldsFr,
    'custom-queues': customQueuesFr,
    'mail-templates': mailTemplatesFr,
    ...automationFr,
    ...slaFr,
    'retention-settings': retentionSettingsFr,
    'configuration-transfer': configurationTransferFr,
    gateways: {
      name: 'Passerelle |||| Passerelles',
      menu: 'Passerelle de paiement',
      fields: { id: 'ID', gateway_name: 'Passerelle', is_active: 'Active' },
      title: 'Changer de passerelle',
      submit: 'Activer la passerelle',
      current: 'Active : %{name}',
      activated: '%{name} est maintenant la passerelle active.',
    },
    'country-report': {
      name: 'Commandes par pays',
      menu: 'Commandes par pays',
      fields: {
        nationality: 'État/territoire',
        count: 'Nombre de commandes',
        standard_count: 'Traitement standard',
        priority_count: 'Traitement prioritaire',
        future_count: 'Traitement différé',
        from: 'Du',
        to: 'Au',
      },
      search: 'Rechercher une nationalité',
    },
    'audit-events': auditEventsMessages.fr,
    'send-invoice': { menu: 'Factures' },
    'change-password': { menu: 'Changer le mot de passe' },
    disputes: disputesMessages.fr,
    'disputes-due': disputesDueMessages.fr,
    'dispute-report': disputeReportMessages.fr,
    'processed-by-report': {
      name: 'Traitées par',
      menu: 'Commandes traitées',
      fields: { processed_by: 'Nom', count: 'Nombre de commandes', from: 'Du', to: 'Au' },
      search: 'Rechercher un nom',
    },
  },
};
