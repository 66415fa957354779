import { catalogue } from '../shared/catalogue';

/** The downloads resource's texts (Download History), merged under `resources.downloads` by i18n/. */
export const downloadsMessages = catalogue(
  {
    name: 'Download |||| Downloads',
    title: 'Download History',
    empty: 'No record found',
    sentMail: 'Sent Mail',
    fields: {
      seq: '#',
      order_id: 'Order ID',
      created_at: 'Date & Time',
      file1: 'Downloaded File',
      ip: 'IP Address',
      location: 'Location',
      city: 'City',
      timezone: 'Time Zone',
      device: 'Device',
      device_type: 'Device Type',
      browser: 'Browser',
      os: 'OS',
      device_id: 'Device ID',
    },
  },
  {
    name: 'Téléchargement |||| Téléchargements',
    title: 'Historique des téléchargements',
    empty: 'Aucun enregistrement',
    sentMail: "Envoyer l'e-mail",
    fields: {
      seq: '#',
      order_id: 'N° de commande',
      created_at: 'Date et heure',
      file1: 'Fichier téléchargé',
      ip: 'Adresse IP',
      location: 'Lieu',
      city: 'Ville',
      timezone: 'Fuseau horaire',
      device: 'Appareil',
      device_type: "Type d'appareil",
      browser: 'Navigateur',
      os: "Système d'exploitation",
      device_id: "ID de l'appareil",
    },
  },
);
