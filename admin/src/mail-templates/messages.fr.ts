import type { Texts } from '../shared/catalogue';
import type { mailTemplatesEn } from './messages.en';

/** Mail templates' French texts: the English keys (messages.en.ts), loaded with the French catalogue. */
export const mailTemplatesFr: Texts<typeof mailTemplatesEn> = {
  name: "Modèle d'e-mail |||| Modèles d'e-mail",
  fields: {
    key: 'E-mail',
    language: 'Langue',
    brand: 'Marque',
    subject: 'Objet',
    body: 'Texte',
    version: 'Version',
    updated_at: 'Modifié',
  },
  createTitle: "Ajouter un modèle d'e-mail",
  editTitle: "Modèle d'e-mail : %{key} (%{language}, %{brand})",
  help: {
    key: "Lettres minuscules, chiffres et _ ; un nouvel e-mail a d'abord besoin de son modèle anglais de la marque principale.",
    body: 'Les paragraphes sont séparés par une ligne vide. Variables : %{variables}. Conditions : {% if amount %}…{% endif %}.',
  },
  preview: {
    title: 'Aperçu',
    orderId: 'N° de commande',
    show: 'Aperçu',
    test: "M'envoyer un test",
    testHelp: 'Le test envoie le modèle enregistré, à votre propre adresse.',
    frame: "L'e-mail tel que le client le voit",
  },
  versions: {
    title: 'Versions enregistrées',
    savedBy: 'Enregistrée par',
    savedAt: 'Enregistrée le',
    current: 'Actuelle',
    restore: 'Restaurer',
  },
  notify: {
    testQueued: 'E-mail de test mis en file pour %{to}.',
    restored: 'Version %{version} restaurée.',
  },
};
