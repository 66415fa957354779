import { useLocaleState } from 'react-admin';

/**
 * The labels of the account's security screens, kept with them (loaded with them, not in the first
 * download): English and French.
 */
const en = {
  menu: 'My sessions and security',
  title: 'My sessions and security',
  sessions: 'My sessions',
  device: 'Device',
  browser: 'Browser',
  address: 'Address',
  location: 'Location',
  created: 'Signed in',
  lastSeen: 'Last seen',
  thisSession: 'This session',
  ended: 'Ended',
  end: 'End',
  endOthers: 'End all other sessions',
  factor: 'Second factor',
  factorOn: 'An authenticator app is set up. Recovery codes left: %{count}.',
  factorOff: 'No authenticator app is set up.',
  setUp: 'Set up an authenticator app',
  scan: 'Scan this code with your authenticator app (or enter the key below), then enter the 6-digit code it shows.',
  secretKey: 'Key',
  code: 'Code',
  confirm: 'Confirm',
  recoveryCodes: 'Recovery codes: keep them somewhere safe. Each signs you in once if you lose your phone.',
  passkeys: 'Passkeys',
  noPasskeys: 'No passkey yet.',
  passkeyName: 'Passkey name (optional)',
  addPasskey: 'Add a passkey',
  name: 'Name',
  lastUsed: 'Last used',
  remove: 'Remove',
  usePasskey: 'Use a passkey',
  reauthTitle: 'Confirm it is you',
  reauthText: 'Enter your password (or a code from your authenticator app), or use a passkey, to do this.',
  password: 'Password',
  cancel: 'Cancel',
  idleTitle: 'Still there?',
  idleText: 'You will be signed out in a minute for lack of activity.',
  keep: 'Stay signed in',
  policy: 'Security policy',
  mfaRoles: 'Roles that must use a second factor',
  idleMinutes: 'Idle timeout (minutes)',
  absoluteHours: 'Longest session (hours)',
  allowedRanges: 'Address ranges each role may work from (CIDR, comma-separated; empty: anywhere)',
  liveSessions: 'Sessions open: %{count}',
  endAll: 'End all sessions',
  resetFactor: 'Reset second factor',
  resetConfirm: 'Click again to reset the second factor',
};

const fr: typeof en = {
  menu: 'Mes sessions et sécurité',
  title: 'Mes sessions et sécurité',
  sessions: 'Mes sessions',
  device: 'Appareil',
  browser: 'Navigateur',
  address: 'Adresse',
  location: 'Lieu',
  created: 'Connexion',
  lastSeen: 'Dernière activité',
  thisSession: 'Cette session',
  ended: 'Terminée',
  end: 'Terminer',
  endOthers: 'Terminer toutes les autres sessions',
  factor: 'Second facteur',
  factorOn: 'Une application d’authentification est configurée. Codes de secours restants : %{count}.',
  factorOff: 'Aucune application d’authentification n’est configurée.',
  setUp: 'Configurer une application d’authentification',
  scan: 'Scannez ce code avec votre application d’authentification (ou saisissez la clé ci-dessous), puis saisissez le code à 6 chiffres affiché.',
  secretKey: 'Clé',
  code: 'Code',
  confirm: 'Confirmer',
  recoveryCodes:
    'Codes de secours : gardez-les en lieu sûr. Chacun vous connecte une fois si vous perdez votre téléphone.',
  passkeys: 'Clés d’accès',
  noPasskeys: 'Aucune clé d’accès pour l’instant.',
  passkeyName: 'Nom de la clé d’accès (facultatif)',
  addPasskey: 'Ajouter une clé d’accès',
  name: 'Nom',
  lastUsed: 'Dernière utilisation',
  remove: 'Supprimer',
  usePasskey: 'Utiliser une clé d’accès',
  reauthTitle: 'Confirmez votre identité',
  reauthText:
    'Saisissez votre mot de passe (ou un code de votre application d’authentification), ou utilisez une clé d’accès, pour continuer.',
  password: 'Mot de passe',
  cancel: 'Annuler',
  idleTitle: 'Toujours là ?',
  idleText: 'Vous serez déconnecté dans une minute faute d’activité.',
  keep: 'Rester connecté',
  policy: 'Politique de sécurité',
  mfaRoles: 'Rôles tenus d’utiliser un second facteur',
  idleMinutes: 'Délai d’inactivité (minutes)',
  absoluteHours: 'Durée maximale d’une session (heures)',
  allowedRanges: 'Plages d’adresses autorisées par rôle (CIDR, séparées par des virgules ; vide : partout)',
  liveSessions: 'Sessions ouvertes : %{count}',
  endAll: 'Terminer toutes les sessions',
  resetFactor: 'Réinitialiser le second facteur',
  resetConfirm: 'Cliquez encore pour réinitialiser le second facteur',
};

/** The labels in the member's language; `%{count}` style values filled in by `fill`. */
export function useSecurityText() {
  const [locale] = useLocaleState();
  return locale === 'fr' ? fr : en;
}

export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/%\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
