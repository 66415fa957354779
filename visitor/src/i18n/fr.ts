import type { Catalogue } from './en';

const fr: Catalogue = {
  languageLabel: 'Langue',
  skipLink: 'Aller au contenu principal',
  siteNavigation: 'Navigation du site',
  navHome: 'Accueil',
  navApply: 'Faire une demande',
  navBenefits: 'Avantages supplémentaires',
  navTerms: 'Conditions générales',
  navPrivacy: 'Politique de confidentialité',
  navRefund: 'Politique de remboursement',
  navContact: 'Nous contacter',
  footerMain: "Thailand Arrival Card est un service privé de demande et n'est pas affilié au gouvernement thaïlandais.",
  footerPartner: "Partner Travel traite les demandes de carte d'arrivée pour le compte de ses clients.",

  trackTitle: "Téléchargez votre carte d'arrivée en Thaïlande",
  trackIntro:
    "Saisissez votre numéro de commande et l'adresse e-mail utilisée lors de votre demande, puis appuyez sur SUIVRE LA COMMANDE.",
  orderIdLabel: 'Numéro de commande',
  emailLabel: 'E-mail',
  trackButton: 'SUIVRE LA COMMANDE',
  tracking: 'Vérification…',
  needHelp: "Besoin d'aide ?",
  contactSupport: "Contacter l'assistance",
  orderIdRequired: 'Veuillez saisir votre numéro de commande',
  emailRequired: 'Veuillez saisir votre e-mail',
  notFound:
    "Aucune commande ne correspond à ces informations. Vérifiez le numéro de commande et l'adresse e-mail dans votre e-mail de confirmation.",
  tooManyAttempts: 'Trop de tentatives. Veuillez patienter {minutes} minute(s) puis réessayer.',
  offline: 'Impossible de joindre notre serveur. Vérifiez votre connexion Internet et réessayez.',
  serverError: 'Un problème est survenu de notre côté. Veuillez réessayer dans quelques minutes.',
  sessionExpired: 'Votre session de suivi a expiré. Veuillez saisir à nouveau les informations de votre commande.',

  detailsTitle: 'Votre commande',
  successTitle: "Votre carte d'arrivée en Thaïlande est prête",
  successText:
    'Merci. Votre demande a été traitée avec succès. Appuyez sur Télécharger pour enregistrer votre document.',
  notReadyTitle: "Votre document n'est pas encore prêt",
  notReadyText: 'Nous traitons encore votre demande. Nous vous enverrons un e-mail dès que votre document sera prêt.',
  nameLabel: 'Nom',
  downloadNow: 'Télécharger',
  downloadPreparing: 'Préparation du téléchargement…',
  downloadStarting: 'Votre téléchargement va commencer dans un instant.',
  downloadDone: 'Le téléchargement a commencé. Cherchez {fileName} dans vos téléchargements.',
  downloadLinkExpired:
    'Le lien de téléchargement a expiré avant l’arrivée du fichier. Appuyez de nouveau sur Télécharger.',
  downloadFailed:
    "Le fichier n'a pas pu être téléchargé. Appuyez de nouveau sur Télécharger ; si l'échec persiste, contactez l'assistance avec votre numéro de commande.",
  documentGone: "Ce document n'est plus disponible. Veuillez contacter l'assistance avec votre numéro de commande.",
  trackAgain: 'Suivre à nouveau votre commande',
  loading: 'Chargement…',

  historyTitle: 'Historique des téléchargements',
  colIndex: 'N°',
  colOrderId: 'Numéro de commande',
  colDate: 'Date et heure',
  colIp: "Adresse IP de l'appareil",
  colDevice: 'Appareil',
  colDeviceType: "Type d'appareil",
  colBrowser: 'Navigateur',
  colOs: "Système d'exploitation",
  colLocation: "Emplacement de l'appareil",
  noRecord: 'Aucun enregistrement trouvé',
  valueMobile: 'Mobile',
  valueTablet: 'Tablette',
  valueDesktop: 'Ordinateur',
  valueUnknown: 'Inconnu',
  valuePrivateNetwork: 'Réseau privé',
};

export default fr;
