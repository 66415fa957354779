import frenchMessages from 'ra-language-french';
import type { AppMessages } from './en';

/** French, the second language that proves every text goes through the catalogue. */
export const fr: AppMessages = {
  ...(frenchMessages as unknown as AppMessages),
  app: {
    login: {
      title: 'Connexion',
      subtitle: 'Connectez-vous au back-office',
      email: 'Adresse e-mail',
      password: 'Mot de passe',
      submit: 'Se connecter',
    },
    header: { welcome: 'Bienvenue %{name}', logout: 'Déconnexion', language: 'Langue' },
    validation: {
      emailInvalid: 'Adresse e-mail invalide',
      emailRequired: "L'adresse e-mail est obligatoire",
      passwordRequired: 'Le mot de passe est obligatoire',
      gatewayRequired: 'Veuillez choisir une passerelle.',
      newPasswordMin: 'Le nouveau mot de passe doit contenir au moins 6 caractères.',
      newPasswordRequired: 'Veuillez saisir votre nouveau mot de passe.',
      teamNameRequired: 'Veuillez saisir votre nom.',
      teamEmailInvalid: 'Veuillez saisir un e-mail valide.',
      teamEmailRequired: 'Veuillez saisir votre e-mail.',
      teamPasswordRequired: 'Veuillez saisir votre mot de passe.',
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
};
