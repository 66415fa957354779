import type { Catalogue } from './en';

const de: Catalogue = {
  languageLabel: 'Sprache',
  skipLink: 'Zum Hauptinhalt springen',
  siteNavigation: 'Seitennavigation',
  navHome: 'Startseite',
  navApply: 'Jetzt beantragen',
  navBenefits: 'Zusätzliche Vorteile',
  navTerms: 'Allgemeine Geschäftsbedingungen',
  navPrivacy: 'Datenschutzerklärung',
  navRefund: 'Rückerstattungsrichtlinie',
  navContact: 'Kontakt',
  footerMain:
    'Thailand Arrival Card ist ein privater Antragsservice und steht in keiner Verbindung zur Regierung von Thailand.',
  footerPartner: 'Partner Travel bearbeitet Anträge auf Einreisekarten im Auftrag seiner Kunden.',

  trackTitle: 'Laden Sie Ihre Thailand-Einreisekarte herunter',
  trackIntro:
    'Geben Sie Ihre Bestellnummer und die bei der Antragstellung verwendete E-Mail-Adresse ein und klicken Sie auf BESTELLUNG VERFOLGEN.',
  orderIdLabel: 'Bestellnummer',
  emailLabel: 'E-Mail',
  trackButton: 'BESTELLUNG VERFOLGEN',
  tracking: 'Wird geprüft…',
  needHelp: 'Brauchen Sie Hilfe?',
  contactSupport: 'Support kontaktieren',
  orderIdRequired: 'Bitte geben Sie Ihre Bestellnummer ein',
  emailRequired: 'Bitte geben Sie Ihre E-Mail-Adresse ein',
  notFound:
    'Wir konnten keine Bestellung mit diesen Angaben finden. Prüfen Sie die Bestellnummer und die E-Mail-Adresse in Ihrer Bestätigungs-E-Mail.',
  tooManyAttempts: 'Zu viele Versuche. Bitte warten Sie {minutes} Minute(n) und versuchen Sie es erneut.',
  offline: 'Unser Server ist nicht erreichbar. Prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  serverError: 'Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten erneut.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte geben Sie Ihre Bestelldaten erneut ein.',

  detailsTitle: 'Ihre Bestellung',
  successTitle: 'Ihre Thailand-Einreisekarte ist fertig',
  successText:
    'Vielen Dank. Ihr Antrag wurde erfolgreich bearbeitet. Klicken Sie auf Jetzt herunterladen, um Ihr Dokument zu speichern.',
  notReadyTitle: 'Ihr Dokument ist noch nicht fertig',
  notReadyText: 'Wir bearbeiten Ihren Antrag noch. Wir senden Ihnen eine E-Mail, sobald Ihr Dokument bereitsteht.',
  nameLabel: 'Name',
  downloadNow: 'Jetzt herunterladen',
  downloadPreparing: 'Download wird vorbereitet…',
  downloadStarting: 'Ihr Download beginnt gleich.',
  downloadDone: 'Ihr Download hat begonnen. Sie finden {fileName} in Ihren Downloads.',
  downloadLinkExpired:
    'Der Download-Link ist abgelaufen, bevor die Datei ankam. Klicken Sie erneut auf Jetzt herunterladen.',
  downloadFailed:
    'Die Datei konnte nicht heruntergeladen werden. Klicken Sie erneut auf Jetzt herunterladen; wenn es weiterhin fehlschlägt, wenden Sie sich mit Ihrer Bestellnummer an den Support.',
  documentGone:
    'Dieses Dokument ist nicht mehr verfügbar. Bitte wenden Sie sich mit Ihrer Bestellnummer an den Support.',
  trackAgain: 'Bestellung erneut verfolgen',
  loading: 'Wird geladen…',

  historyTitle: 'Download-Verlauf',
  colIndex: 'Nr.',
  colOrderId: 'Bestellnummer',
  colDate: 'Datum und Uhrzeit',
  colIp: 'IP-Adresse des Geräts',
  colDevice: 'Gerät',
  colDeviceType: 'Gerätetyp',
  colBrowser: 'Browser',
  colOs: 'Betriebssystem',
  colLocation: 'Standort des Geräts',
  noRecord: 'Kein Eintrag gefunden',
  valueMobile: 'Mobilgerät',
  valueTablet: 'Tablet',
  valueDesktop: 'Computer',
  valueUnknown: 'Unbekannt',
  valuePrivateNetwork: 'Privates Netzwerk',
};

export default de;
