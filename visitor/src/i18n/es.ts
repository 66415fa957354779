import type { Catalogue } from './en';

const es: Catalogue = {
  languageLabel: 'Idioma',
  skipLink: 'Ir al contenido principal',
  siteNavigation: 'Navegación del sitio',
  navHome: 'Inicio',
  navApply: 'Solicitar ahora',
  navBenefits: 'Beneficios adicionales',
  navTerms: 'Términos y condiciones',
  navPrivacy: 'Política de privacidad',
  navRefund: 'Política de reembolso',
  navContact: 'Contáctenos',
  footerMain:
    'Thailand Arrival Card es un servicio privado de solicitudes y no está afiliado al Gobierno de Tailandia.',
  footerPartner: 'Partner Travel tramita solicitudes de tarjetas de llegada en nombre de sus clientes.',

  trackTitle: 'Descargue su tarjeta de llegada a Tailandia',
  trackIntro:
    'Introduzca su número de pedido y el correo electrónico que utilizó al hacer la solicitud y pulse RASTREAR PEDIDO.',
  orderIdLabel: 'Número de pedido',
  emailLabel: 'Correo electrónico',
  trackButton: 'RASTREAR PEDIDO',
  tracking: 'Comprobando…',
  needHelp: '¿Necesita ayuda?',
  contactSupport: 'Contactar con soporte',
  orderIdRequired: 'Introduzca su número de pedido',
  emailRequired: 'Introduzca su correo electrónico',
  notFound:
    'No encontramos ningún pedido con estos datos. Compruebe el número de pedido y el correo electrónico en su correo de confirmación.',
  tooManyAttempts: 'Demasiados intentos. Espere {minutes} minuto(s) y vuelva a intentarlo.',
  offline: 'No pudimos conectar con nuestro servidor. Compruebe su conexión a Internet y vuelva a intentarlo.',
  serverError: 'Algo salió mal por nuestra parte. Vuelva a intentarlo en unos minutos.',
  sessionExpired: 'Su sesión de seguimiento ha caducado. Introduzca de nuevo los datos de su pedido.',

  detailsTitle: 'Su pedido',
  successTitle: 'Su tarjeta de llegada a Tailandia está lista',
  successText: 'Gracias. Su solicitud se ha procesado correctamente. Pulse Descargar ahora para guardar su documento.',
  notReadyTitle: 'Su documento aún no está listo',
  notReadyText:
    'Todavía estamos procesando su solicitud. Le enviaremos un correo electrónico en cuanto su documento esté listo.',
  nameLabel: 'Nombre',
  downloadNow: 'Descargar ahora',
  downloadPreparing: 'Preparando la descarga…',
  downloadStarting: 'Su descarga comenzará en un momento.',
  downloadDone: 'La descarga ha comenzado. Busque {fileName} en sus descargas.',
  downloadLinkExpired: 'El enlace de descarga caducó antes de que llegara el archivo. Pulse Descargar ahora de nuevo.',
  downloadFailed:
    'No se pudo descargar el archivo. Pulse Descargar ahora de nuevo; si sigue fallando, contacte con soporte indicando su número de pedido.',
  documentGone: 'Este documento ya no está disponible. Contacte con soporte indicando su número de pedido.',
  trackAgain: 'Rastrear su pedido de nuevo',
  loading: 'Cargando…',

  historyTitle: 'Historial de descargas',
  colIndex: 'N.º',
  colOrderId: 'Número de pedido',
  colDate: 'Fecha y hora',
  colIp: 'Dirección IP del dispositivo',
  colDevice: 'Dispositivo',
  colDeviceType: 'Tipo de dispositivo',
  colBrowser: 'Navegador',
  colOs: 'Sistema operativo',
  colLocation: 'Ubicación del dispositivo',
  noRecord: 'No se encontraron registros',
  valueMobile: 'Móvil',
  valueTablet: 'Tableta',
  valueDesktop: 'Ordenador',
  valueUnknown: 'Desconocido',
  valuePrivateNetwork: 'Red privada',
};

export default es;
