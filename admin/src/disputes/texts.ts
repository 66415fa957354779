import { useLocale } from 'react-admin';
import type { Texts } from '../shared/catalogue';

/**
 * The desk's screen texts (items, buttons, verdicts): loaded with its screens, not with the app, so they
 * are picked by the member's language here rather than merged into the app's catalogue.
 */
const en = {
  checklist: 'Evidence checklist',
  present: 'Present',
  missing: 'Missing',
  addEvidence: 'Add evidence',
  item: 'Item',
  text: 'Text',
  file: 'File (PDF, JPEG, PNG or WebP)',
  add: 'Add',
  added: 'Evidence added.',
  addedBy: 'added by',
  ce3Visa: 'Visa Compelling Evidence 3.0',
  ce3Mastercard: 'Mastercard First-Party Trust',
  qualifies: 'Qualifies: earlier orders %{pair} match on %{elements}.',
  notQualifies: 'Does not qualify: no two earlier undisputed orders 120-365 days before match on IP or device.',
  earlierOrders: 'Earlier orders on the same card',
  daysBefore: 'days before',
  meetsRule: 'meets the rule',
  downloadPack: 'Download Defence Pack %{pack}',
  evidenceJson: 'Evidence JSON',
  submitted: 'Mark submitted',
  won: 'Won',
  lost: 'Lost',
  accepted: 'Accept',
  moved: 'Dispute is now %{status}.',
  openTitle: 'Open a dispute: order %{orderId}',
  open: 'Move to ChargeBack',
  dueDefault: 'Empty: the network’s window from today (Visa 30, Mastercard 45, Amex 20, other 30 days).',
  items: {
    purchase: 'Purchase IP and device',
    terms_accepted: 'Terms accepted',
    download_log: 'Download log (IPs, devices)',
    delivery_events: 'Delivery events',
    timeline: 'Service timeline',
    finished_document: 'Finished document',
    customer_mails: 'Customer mails',
    prior_transactions: 'CE 3.0 / First-Party Trust earlier orders',
    refund_policy: 'Refund policy',
    refund_refusal_explanation: 'Why no refund was due',
    duplicate_charge_explanation: 'Why the charge is no duplicate',
    receipt: 'Receipt',
    other: 'Other',
  },
  rate: 'Disputes this month: %{rate}% of %{orders} orders',
  threshold: '%{network}: %{rate}% (programme acts at %{threshold}%)',
  near: 'Near the threshold',
};
const fr: Texts<typeof en> = {
  checklist: 'Liste des preuves',
  present: 'Présente',
  missing: 'Manquante',
  addEvidence: 'Ajouter une preuve',
  item: 'Élément',
  text: 'Texte',
  file: 'Fichier (PDF, JPEG, PNG ou WebP)',
  add: 'Ajouter',
  added: 'Preuve ajoutée.',
  addedBy: 'ajoutée par',
  ce3Visa: 'Visa Compelling Evidence 3.0',
  ce3Mastercard: 'Mastercard First-Party Trust',
  qualifies: 'Éligible : les commandes %{pair} concordent sur %{elements}.',
  notQualifies:
    'Non éligible : pas deux commandes antérieures non contestées (120 à 365 jours) concordant sur IP ou appareil.',
  earlierOrders: 'Commandes antérieures avec la même carte',
  daysBefore: 'jours avant',
  meetsRule: 'remplit la règle',
  downloadPack: 'Télécharger le dossier de défense %{pack}',
  evidenceJson: 'Preuves en JSON',
  submitted: 'Marquer envoyé',
  won: 'Gagné',
  lost: 'Perdu',
  accepted: 'Accepter',
  moved: 'Le litige est maintenant %{status}.',
  openTitle: 'Ouvrir un litige : commande %{orderId}',
  open: 'Passer en ChargeBack',
  dueDefault: 'Vide : le délai du réseau à partir d’aujourd’hui (Visa 30, Mastercard 45, Amex 20, autres 30 jours).',
  items: {
    purchase: 'IP et appareil de l’achat',
    terms_accepted: 'Conditions acceptées',
    download_log: 'Téléchargements (IP, appareils)',
    delivery_events: 'Événements de livraison',
    timeline: 'Chronologie du service',
    finished_document: 'Document final',
    customer_mails: 'E-mails au client',
    prior_transactions: 'Commandes antérieures CE 3.0 / First-Party Trust',
    refund_policy: 'Politique de remboursement',
    refund_refusal_explanation: 'Pourquoi aucun remboursement n’était dû',
    duplicate_charge_explanation: 'Pourquoi le débit n’est pas un doublon',
    receipt: 'Reçu',
    other: 'Autre',
  },
  rate: 'Litiges ce mois-ci : %{rate} % de %{orders} commandes',
  threshold: '%{network} : %{rate} % (le programme agit à %{threshold} %)',
  near: 'Proche du seuil',
};

/** The texts in the member's language, with %{name} filled from `values`. */
export function useDisputeTexts() {
  const texts = useLocale() === 'fr' ? fr : en;
  const fill = (text: string, values: Record<string, string | number> = {}) =>
    text.replace(/%\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
  return { texts, fill };
}
