import { catalogue } from '../shared/catalogue';

/** The documents resource's texts (Upload Document), merged under `resources.documents` by i18n/. */
export const documentsMessages = catalogue(
  {
    name: 'Document |||| Documents',
    fields: {
      seq: '#',
      order_id: 'Order ID',
      file1: 'File',
      link: 'Link',
      original_name: 'Original Name',
      size_bytes: 'Size (bytes)',
      mail_service_provider: 'Mail Provider',
      uploaded_by: 'Uploaded By',
      created_at: 'Date & Time',
    },
    upload: {
      title: 'Upload Document',
      email: 'Email ID',
      file: 'Document (PDF or image)',
      provider: 'Mail Service Provider',
      submitAws: 'Submit (AWS)',
      submitSendgrid: 'Submit (SendGrid)',
      downloadFile: 'Download File',
      uploading: 'Uploading… %{percent}%',
      badType: 'Please choose a PDF or an image (JPEG, PNG or WebP).',
    },
  },
  {
    name: 'Document |||| Documents',
    fields: {
      seq: '#',
      order_id: 'N° de commande',
      file1: 'Fichier',
      link: 'Lien',
      original_name: "Nom d'origine",
      size_bytes: 'Taille (octets)',
      mail_service_provider: "Fournisseur d'e-mail",
      uploaded_by: 'Téléversé par',
      created_at: 'Date et heure',
    },
    upload: {
      title: 'Téléverser le document',
      email: 'Adresse e-mail',
      file: 'Document (PDF ou image)',
      provider: "Fournisseur d'e-mail",
      submitAws: 'Envoyer (AWS)',
      submitSendgrid: 'Envoyer (SendGrid)',
      downloadFile: 'Télécharger le fichier',
      uploading: 'Envoi… %{percent} %',
      badType: 'Veuillez choisir un PDF ou une image (JPEG, PNG ou WebP).',
    },
  },
);
