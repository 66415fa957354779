import type { Texts } from '../shared/catalogue';
import type { configurationTransferEn, customQueuesEn, orderFieldsEn, retentionSettingsEn } from './messages.en';

/** The Configuration area's French texts: the English keys (messages.en.ts), loaded with the French catalogue. */
export const orderFieldsFr: Texts<typeof orderFieldsEn> = {
  name: 'Champ de commande |||| Champs de commande',
  menu: 'Configuration',
  fields: {
    id: 'Clé',
    label: 'Libellé',
    labelFr: 'Libellé (français)',
    type: 'Type',
    choices: 'Choix',
    help: 'Aide',
    required: 'Obligatoire',
    min: 'Minimum',
    max: 'Maximum',
    pattern: 'Motif',
    readRoles: 'Rôles qui le lisent',
    editRoles: 'Rôles qui le modifient',
    column: 'Colonne',
    columnDefault: 'Affichée par défaut',
    filter: 'Filtre',
    sortable: 'Triable',
    section: 'Section',
    position: 'Position',
    builtIn: 'Intégré',
    removed: 'Retiré',
  },
  title: 'Configuration',
  createTitle: 'Ajouter un champ personnalisé',
  editTitle: 'Champ %{id}',
  types: {
    text: 'Texte',
    longText: 'Texte long',
    number: 'Nombre',
    date: 'Date',
    datetime: 'Date et heure',
    boolean: 'Oui / Non',
    choice: 'Choix',
  },
  help: {
    id: 'Lettres minuscules, chiffres et tirets bas, commençant par une lettre. Elle ne change plus ensuite.',
    choices: 'Un choix par ligne (200 au plus).',
    min: 'Nombres : la plus petite valeur. Texte : la longueur minimale.',
    max: 'Nombres : la plus grande valeur. Texte : la longueur maximale.',
    pattern: 'Texte : une expression régulière que toute la valeur doit suivre.',
    columnDefault: 'Décochée, les membres ne voient la colonne qu’une fois affichée par eux.',
    position: 'Place sur la page de commande dans sa section, la plus petite d’abord.',
    newPosition: 'Place sur la page de commande dans sa section, la plus petite d’abord. Vide, le champ va en dernier.',
  },
  builtInNote:
    'Un champ intégré : son type et ses règles sont ceux du code. Son libellé, ses lecteurs, sa colonne et sa place peuvent changer.',
  defaultValue: 'Par défaut : %{value}',
  defaultLabel: 'le libellé du catalogue',
  lockedTitle: 'Certains rôles ne peuvent pas perdre ce champ',
  locked: '%{roles} le lisent toujours. %{reason}',
  confirmRemove: {
    title: 'Supprimer le champ %{label} ?',
    content:
      'Il disparaît des pages de commande, des tableaux, des filtres et des exports. Ses valeurs sont gardées et Rétablir le fait revenir.',
  },
  removedNote: 'Ce champ est retiré : il est caché partout et ses valeurs sont gardées.',
  actions: {
    remove: 'Retirer',
    restore: 'Rétablir',
    restoreDefault: 'Revenir au défaut',
  },
  notify: {
    created: 'Champ %{id} ajouté.',
    updated: 'Champ %{id} enregistré.',
    removed: 'Champ %{id} retiré ; ses valeurs sont gardées.',
    restored: 'Champ %{id} rétabli.',
    defaultRestored: 'Champ %{id} revenu à ses valeurs par défaut.',
  },
  validation: {
    key: 'Lettres minuscules, chiffres et tirets bas, commençant par une lettre (64 au plus).',
    choicesRequired: 'Un champ à choix demande au moins un choix.',
    tooManyChoices: 'Un champ à choix a 200 choix au plus (celui-ci en a %{count}).',
    duplicateChoice: 'Chaque choix ne figure qu’une fois (%{choice} y est deux fois).',
    minMax: 'Le minimum doit être inférieur ou égal au maximum.',
    pattern: 'Ce n’est pas une expression régulière.',
    oneRole: 'Choisissez au moins un rôle.',
  },
  tabs: {
    fields: 'Champs de commande',
    queues: 'Files personnalisées',
    templates: "Modèles d'e-mail",
    rules: 'Règles',
    runs: 'Exécutions',
    macros: 'Macros',
    retention: 'Conservation des données',
    transfer: 'Export / Import',
  },
};

export const customQueuesFr: Texts<typeof customQueuesEn> = {
  name: 'File personnalisée |||| Files personnalisées',
  fields: {
    id: 'Clé',
    name: 'Nom',
    statuses: 'Statuts',
    filter: 'Filtre',
    roles: 'Rôles',
    icon: 'Icône',
    position: 'Position',
  },
  createTitle: 'Ajouter une file personnalisée',
  editTitle: 'File %{name}',
  help: {
    id: 'Lettres minuscules, chiffres et tirets ; son adresse est /admin/custom-<clé>. Vide, elle vient du nom.',
    filter: 'Les commandes de la file remplissent aussi chaque condition ci-dessous.',
    position: 'Place dans le menu et le tableau de bord, la plus petite d’abord.',
    newPosition: 'Place dans le menu et le tableau de bord, la plus petite d’abord. Vide, la file va en dernier.',
  },
  filterEditor: {
    field: 'Champ',
    value: 'Valeur',
    add: 'Ajouter une condition',
    remove: 'Retirer la condition sur %{field}',
    none: 'Aucune condition : toutes les commandes des statuts ci-dessus.',
  },
  confirmDelete: {
    title: 'Supprimer la file %{name} ?',
    content: 'Elle quitte le menu de chaque rôle qui l’ouvre. Ses commandes restent comme elles sont.',
  },
  statusesAll: 'Tous les statuts',
  notify: {
    created: 'File %{name} ajoutée.',
    updated: 'File %{name} enregistrée.',
    deleted: 'File %{name} supprimée.',
  },
  validation: {
    key: 'Lettres minuscules, chiffres et tirets (57 au plus).',
    reserved: '« queues » est l’adresse de cette liste : choisissez une autre clé.',
    oneStatus: 'Choisissez au moins un statut.',
    oneRole: 'Choisissez au moins un rôle.',
    fieldValue: 'Choisissez un champ et donnez-lui une valeur.',
  },
};

export const configurationTransferFr: Texts<typeof configurationTransferEn> = {
  name: 'Export / Import',
  title: 'Export / Import',
  exportTitle: 'Export',
  exportHelp:
    'Les champs personnalisés (supprimés compris), les champs intégrés modifiés et les files personnalisées, en un fichier. Aucune valeur de commande.',
  download: 'Télécharger la configuration',
  importTitle: 'Import',
  importHelp:
    'Choisissez un fichier de configuration : il est d’abord vérifié, et rien ne change avant que vous l’appliquiez. Il remplace toute la configuration : les champs personnalisés absents sont supprimés (valeurs gardées), les files absentes sont supprimées.',
  upload: 'Choisir un fichier',
  notJson: '%{name} n’est pas un fichier de configuration (JSON).',
  dryRun: '%{name} ferait ce changement : |||| %{name} ferait ces %{smart_count} changements :',
  nothing: '%{name} ne change rien : c’est déjà la configuration en place.',
  refused:
    '%{name} ne peut pas être importé : un problème. |||| %{name} ne peut pas être importé : %{smart_count} problèmes.',
  apply: 'Appliquer l’import',
  imported: 'Configuration importée.',
  columns: { change: 'Changement', kind: 'Quoi', label: 'Libellé', key: 'Clé', problem: 'Problème', where: 'Où' },
  changes: { added: 'Ajouté', changed: 'Modifié', removed: 'Supprimé', restored: 'Rétabli' },
  kinds: { fields: 'Champ personnalisé', builtIns: 'Champ intégré', queues: 'File personnalisée' },
};

export const retentionSettingsFr: Texts<typeof retentionSettingsEn> = {
  name: 'Conservation des données',
  fields: {
    days: 'Jours de conservation après la date de départ',
    keptFields: 'Conservé pour la comptabilité et les litiges',
    anonymisedFields: 'Supprimé (avec les documents, les adresses de téléchargement et les champs personnels)',
    updatedAt: 'Dernière modification (UTC)',
  },
  title: 'Conservation des données',
  help: {
    days: 'De 30 à 3650. Une commande en ChargeBack ou avec un litige ouvert garde ses données jusqu’à sa clôture.',
  },
};
