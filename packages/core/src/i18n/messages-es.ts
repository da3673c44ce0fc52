import { BENEFIT_LIFE_CYCLE_MESSAGES } from '../benefits/life-cycle.js';
import { BENEFIT_MESSAGES } from '../benefits/messages.js';
import { BANK_CHANGE_MESSAGES } from '../bank-changes/messages.js';
import { CARD_DEVICE_MESSAGES } from '../card-devices/messages.js';
import { PAN_STATUS_LABEL, type PanStatus } from '../enums/statuses.js';
import { EXTERNAL_CARD_MESSAGES } from '../external-cards/messages.js';
import { FARMER_MESSAGES } from '../farmer/messages.js';
import { FARMER_APPLICATION_MESSAGES } from '../farmer-applications/messages.js';
import { MERCHANT_MESSAGES } from '../merchants/messages.js';
import { MESSAGES } from '../messages/messages.js';
import { NOTIFICATION_MESSAGES } from '../notifications/messages.js';
import { NOTICE_MESSAGES } from '../notifications/notice-kit.js';
import { PAN_MESSAGES } from '../pans/messages.js';
import { PHONE_TERMINAL_MESSAGES } from '../phone-terminals/messages.js';
import { POS_NOTICES } from '../pos/messages.js';
import { TRANSACTION_MESSAGES } from '../transactions/messages.js';

/**
 * The English message groups whose texts the public and recipient pages can show (both §8 and ours), by the name of
 * their constant. The API answers these English texts (with their codes); a Spanish page shows `MESSAGES_ES`
 * instead (docs/i18n.md). Keys are `GROUP.KEY`, e.g. `MESSAGES.LOGIN_INVALID`.
 */
export const MESSAGE_GROUPS = {
  MESSAGES,
  BENEFIT_MESSAGES,
  BENEFIT_LIFE_CYCLE_MESSAGES,
  NOTIFICATION_MESSAGES,
  EXTERNAL_CARD_MESSAGES,
  TRANSACTION_MESSAGES,
  PAN_MESSAGES,
  MERCHANT_MESSAGES,
  POS_NOTICES,
  CARD_DEVICE_MESSAGES,
  FARMER_MESSAGES,
  PHONE_TERMINAL_MESSAGES,
  BANK_CHANGE_MESSAGES,
  FARMER_APPLICATION_MESSAGES,
  NOTICE_MESSAGES,
} as const;
export type MessageGroup = keyof typeof MESSAGE_GROUPS;

type Spanish<G extends MessageGroup> = Partial<Record<keyof (typeof MESSAGE_GROUPS)[G], string>>;

/**
 * The keys public and recipient pages can show: each must have a Spanish text with the same `{placeholders}`
 * (i18n/messages-es.test.ts). Staff-only texts (files, roles, PAN generation, agencies...) are not listed: staff pages
 * stay English.
 */
export const RECIPIENT_MESSAGE_KEYS: { [G in MessageGroup]: readonly (keyof (typeof MESSAGE_GROUPS)[G])[] } = {
  MESSAGES: [
    'GENERIC_ERROR',
    'API_UNAVAILABLE',
    'PRIVILEGE_ERROR',
    'PAGE_NOT_FOUND',
    'LOGIN_INVALID',
    'LOGIN_UNAVAILABLE',
    'PORTAL_NOT_AVAILABLE',
    'USERNAME_REQUIRED',
    'PASSWORD_REQUIRED',
    'LOGIN_USERNAME_LENGTH',
    'LOGIN_PASSWORD_LENGTH',
    'LOGIN_LOCKED',
    'LOGIN_THROTTLED',
    'SESSION_EXPIRED',
    'SESSION_REQUIRED',
    'VALIDATION_FAILED',
    'NOT_FOUND',
    'INVALID_EMAIL',
    'FIELD_REQUIRED',
    'TOO_LONG',
    'TOO_SHORT',
    'LENGTH_BETWEEN',
    'INVALID_ZIP',
    'INVALID_PHONE',
    'INVALID_MOBILE_PHONE',
    'INVALID_USERNAME',
    'INVALID_FORGOT_USERNAME',
    'INVALID_PASSWORD',
    'PASSWORDS_DO_NOT_MATCH',
    'CURRENT_PASSWORD_TOO_LONG',
    'TEXT_NOT_ALLOWED',
    'INVALID_ID',
    'INVALID_AMOUNT',
    'AMOUNT_TOO_HIGH',
    'AMOUNT_NEGATIVE',
    'INVALID_DATE',
    'DATE_TOO_EARLY',
    'DATE_TOO_LATE',
    'END_BEFORE_START',
    'SECURITY_ANSWER_LENGTH',
    'INVALID_OTP_CODE',
    'AT_LEAST_ONE_FIELD',
    'NO_BENEFITS_FOUND',
    'NO_TRANSACTIONS_FOUND',
    'NO_INCENTIVES_FOUND',
    'NO_MERCHANTS_FOUND',
    'NO_BENEFIT_DATA',
    'NO_NOTIFICATIONS_FOUND',
    'NOTIFICATION_NOT_FOUND',
    'NOT_ENROLLED_IN_INCENTIVES',
    'NO_EBT_CARDS',
    'ACTIVATION_SUCCESS',
    'ACTIVATION_LINK_EXPIRED',
    'EMAIL_CHANGE_LINK_INVALID',
    'EMAIL_CHANGE_CONFIRMED',
    'EMAIL_CHANGE_PASSWORD_INVALID',
    'ACTIVATION_LINK_INVALID',
    'RESET_LINK_EXPIRED',
    'USERNAME_NOT_FOUND',
    'EMAIL_NOT_FOUND',
    'SECURITY_SETUP_INCOMPLETE',
    'SECURITY_ANSWER_INVALID',
    'OTP_CODE_INVALID',
    'FORGOT_USERNAME_LOCKED',
    'FORGOT_PASSWORD_LOCKED',
    'RESET_EMAIL_SENT',
    'OTP_SENT',
    'CURRENT_PASSWORD_INVALID',
    'NEW_PASSWORD_SAME_AS_CURRENT',
    'USERNAME_READ_ONLY',
    'NOT_OWN_USER',
    'SECURITY_QUESTION_INVALID',
    'OTP_PREFERENCE_INVALID',
    'TOO_MANY_ATTEMPTS',
    'USER_NOT_FOUND',
    'APPLICATION_UNAVAILABLE',
    'APPLICATION_SUBMIT_FAILED',
    'APPLICATION_AGREEMENT_REQUIRED',
    'APPLICATION_THROTTLED',
    'STATE_REQUIRED',
    'RECIPIENT_EMAIL_EXISTS',
    'PASSWORD_UPDATED',
    'SECURITY_QUESTION_UPDATED',
    'DATA_UPDATED',
    'PREFERENCES_UPDATED',
    'CONFIRM_DELETE_PAN',
    'INVALID_EBT_CARD_NUMBER',
    'INVALID_EBT_CARD_NAME',
    'EXTERNAL_CARD_DUPLICATE',
    'EBT_CARD_NAME_CONTAINS_PAN',
    'EBT_CARD_TYPE_REQUIRED',
    'EBT_CARD_ADDED',
    'EBT_CARD_UPDATED',
    'EBT_CARD_DELETED',
    'MERCHANTS_UNAVAILABLE',
    'LOCATION_UNAVAILABLE',
    'LOCATION_NOT_FOUND',
  ],
  BENEFIT_MESSAGES: [
    'BENEFIT_NOT_FOUND',
    'PROGRAM_NOT_FOUND',
    'NOT_OWN_PROGRAM',
    'NOTIFICATION_ISSUED',
    'NOTIFICATION_INCENTIVE',
    'NOTIFICATION_VOIDED',
    'NOTIFICATION_EXPIRED',
    'EMAIL_SUBJECT_ISSUED',
    'EMAIL_SUBJECT_INCENTIVE',
    'EMAIL_SUBJECT_VOIDED',
  ],
  NOTIFICATION_MESSAGES: [
    'NO_NOTIFICATIONS',
    'NOT_FOUND',
    'PREFERENCES_UPDATED',
    'STATUS_UPDATED',
    'UNKNOWN_EVENT',
    'UNKNOWN_METHOD',
    'PAIRS_MISMATCH',
    'SMS_NEEDS_MOBILE',
    'EMAIL_NEEDS_ADDRESS',
  ],
  EXTERNAL_CARD_MESSAGES: [
    'CARD_NOT_FOUND',
    'RECIPIENT_NOT_FOUND',
    'PROGRAM_REQUIRED',
    'PROGRAM_NOT_FOUND',
    'STATUS_INVALID',
  ],
  TRANSACTION_MESSAGES: [
    'TRANSACTION_NOT_FOUND',
    'INVALID_DATE_TIME',
    'UNKNOWN_TRANSACTION_TYPE',
    'UNKNOWN_RESPONSE_CODE',
    'PAGE_SIZE_RANGE',
  ],
  PAN_MESSAGES: [
    'NO_CARDS',
    'CARD_LOCKED',
    'CARD_UNLOCKED',
    'CARD_REPORTED_LOST',
    'CARD_REPORTED_STOLEN',
    'CARD_ACTION_NOT_ALLOWED',
    'CONFIRM_REPORT',
    'NOTICE_SUBJECT',
    'NOTICE_REPORTED',
    'NOTICE_STATUSED',
    // Card PINs.
    'PIN_SET',
    'PIN_CHANGED',
    'PIN_FORMAT',
    'PIN_TRIVIAL',
    'PIN_IS_CARD',
    'PIN_MISMATCH',
    'PIN_CURRENT_PASSWORD_REQUIRED',
    'PIN_CARD_NOT_ACTIVE',
    'PIN_NOTICE_SUBJECT',
    'PIN_NOTICE_CLEARED',
  ],
  // The expiry reminder, the expired and the expunged notices (inbox, e-mail, SMS).
  BENEFIT_LIFE_CYCLE_MESSAGES: [
    'NOTIFICATION_EXPIRED_UNSPENT',
    'EMAIL_SUBJECT_EXPIRED',
    'NOTIFICATION_EXPIRING',
    'EMAIL_SUBJECT_EXPIRING',
    'NOTIFICATION_EXPUNGED',
    'EMAIL_SUBJECT_EXPUNGED',
  ],
  // The merchant locator and the recipient's merchant page; the rest of the group is staff-only.
  MERCHANT_MESSAGES: ['MERCHANT_NOT_FOUND', 'LOCATION_TEXT_REQUIRED', 'STREET_SEARCH_OFF', 'ROUTING_CHECK_DIGIT'],
  // The per-transaction alerts (event 5): inbox texts and e-mails or SMS.
  POS_NOTICES: ['SUBJECT', 'PURCHASE', 'REFUND', 'REVERSAL'],
  // Pay codes: the phones registered to a card (decision 0108).
  // The farmers' merchant portal (docs/farmer-app.md): its refusals, its phones, its bank change requests.
  FARMER_MESSAGES: ['MERCHANT_NOT_FOUND', 'PAYOUT_NOT_FOUND', 'RANGE_BACKWARDS', 'RANGE_TOO_LONG'],
  PHONE_TERMINAL_MESSAGES: ['PHONE_REMOVED', 'PHONE_NOT_FOUND'],
  BANK_CHANGE_MESSAGES: [
    'ACCOUNT_DIGITS',
    'ACCOUNTS_DIFFER',
    'REQUESTED',
    'WITHDRAWN',
    'APPLIED',
    'REFUSED',
    'REQUEST_NOT_FOUND',
    'NOT_PENDING',
  ],
  // The farmers' online application and their status page (docs/farmer-applications.md); staff review texts stay English.
  FARMER_APPLICATION_MESSAGES: [
    'NOT_TAKING',
    'PROGRAM_REQUIRED',
    'MARKET_REQUIRED',
    'ANSWER_REQUIRED',
    'ANSWER_YES_NO',
    'QUESTION_UNKNOWN',
    'TAX_ID_DIGITS',
    'ACCOUNT_DIGITS',
    'ACCOUNTS_DIFFER',
    'AGREEMENT_REQUIRED',
    'SIGNATURE_REQUIRED',
    'SIGNATURE_NOT_CONTACT',
    'CODES_SENT',
    'CODE_WRONG',
    'CODE_EXPIRED',
    'CONTACT_CONFIRMED',
    'CONTACT_NOT_CONFIRMED',
    'CONTACT_CHANGED',
    'SUBMITTED',
    'RESUBMITTED',
    'THROTTLED',
    'CONTACT_THROTTLED',
    'LINK_UNKNOWN',
    'NOT_WAITING_FOR_YOU',
  ],
  CARD_DEVICE_MESSAGES: [
    'CARD_NOT_FOUND',
    'DEVICE_NOT_FOUND',
    'INVALID_PUBLIC_KEY',
    'NAME_REQUIRED',
    'NAME_TOO_LONG',
    'TOO_MANY_DEVICES',
    'DEVICE_REMOVED',
    'NOTICE_SUBJECT',
    'NOTICE_REMOVED',
  ],
  // The frame of every e-mail and SMS (docs/notices.md): all of it reaches a recipient.
  NOTICE_MESSAGES: Object.keys(NOTICE_MESSAGES) as (keyof typeof NOTICE_MESSAGES)[],
};

/**
 * The Spanish of the messages, keyed by their constant's name (terms: docs/i18n-glossary.md). Placeholders are the
 * English text's `{name}`, filled with `fillMessage`.
 */
export const MESSAGES_ES: { [G in MessageGroup]: Spanish<G> } = {
  MESSAGES: {
    GENERIC_ERROR: 'Se produjo un error inesperado.',
    API_UNAVAILABLE: 'El servicio para esta solicitud no está disponible en este momento.',
    PRIVILEGE_ERROR: 'No tiene el privilegio necesario para la acción solicitada.',
    PAGE_NOT_FOUND: 'Página no encontrada.',
    LOGIN_INVALID: 'La combinación de nombre de usuario y contraseña no es válida.',
    LOGIN_UNAVAILABLE: 'No se puede iniciar sesión en este momento.',
    PORTAL_NOT_AVAILABLE: 'El portal web no está disponible para este usuario.',
    USERNAME_REQUIRED: 'El nombre de usuario es obligatorio.',
    PASSWORD_REQUIRED: 'La contraseña es obligatoria.',
    LOGIN_USERNAME_LENGTH: 'El nombre de usuario debe tener de 6 a 200 caracteres.',
    LOGIN_PASSWORD_LENGTH: 'La contraseña debe tener de 6 a 50 caracteres.',
    LOGIN_LOCKED: 'Demasiados intentos fallidos de inicio de sesión. Vuelva a intentarlo en 30 minutos.',
    LOGIN_THROTTLED: 'Demasiados intentos de inicio de sesión desde esta dirección. Vuelva a intentarlo más tarde.',
    SESSION_EXPIRED: 'Su sesión terminó. Inicie sesión de nuevo.',
    SESSION_REQUIRED: 'Debe iniciar sesión para continuar.',
    VALIDATION_FAILED: 'La solicitud no es válida.',
    NOT_FOUND: 'No se encontró el recurso solicitado.',
    INVALID_EMAIL: 'El formato del correo electrónico no es válido.',
    FIELD_REQUIRED: 'Este campo es obligatorio.',
    TOO_LONG: 'Debe tener como máximo {max} caracteres.',
    TOO_SHORT: 'Debe tener al menos {min} caracteres.',
    LENGTH_BETWEEN: 'Debe tener de {min} a {max} caracteres.',
    INVALID_ZIP: 'El código postal debe tener 5 dígitos, seguidos opcionalmente de un guion y 4 dígitos.',
    INVALID_PHONE: 'El número de teléfono debe tener 10 dígitos.',
    INVALID_MOBILE_PHONE:
      'El teléfono móvil debe ser un número de EE. UU.: el código de área y los tres dígitos siguientes no pueden empezar con 0 ni con 1.',
    INVALID_USERNAME: 'El nombre de usuario debe tener de 8 a 20 letras o dígitos y empezar con una letra.',
    INVALID_FORGOT_USERNAME: 'El nombre de usuario solo puede contener letras y dígitos.',
    INVALID_PASSWORD:
      'La contraseña debe tener de 8 a 30 caracteres con una letra mayúscula, una letra minúscula, un número y un carácter especial.',
    PASSWORDS_DO_NOT_MATCH: 'Las contraseñas no coinciden.',
    CURRENT_PASSWORD_TOO_LONG: 'La contraseña actual debe tener como máximo 40 caracteres.',
    TEXT_NOT_ALLOWED: 'El texto contiene caracteres no permitidos.',
    INVALID_ID: 'Debe ser un número entero de 1 a {max}.',
    INVALID_AMOUNT: 'Ingrese una cantidad con dos decimales como máximo.',
    AMOUNT_TOO_HIGH: 'La cantidad no puede ser mayor que {max}.',
    AMOUNT_NEGATIVE: 'La cantidad no puede ser negativa.',
    // Spanish date fields take the date day first (web lib/date-input.ts).
    INVALID_DATE: 'Ingrese una fecha como DD/MM/AAAA.',
    DATE_TOO_EARLY: 'La fecha no puede ser anterior al {date}.',
    DATE_TOO_LATE: 'La fecha no puede ser posterior al {date}.',
    END_BEFORE_START: 'La fecha final no puede ser anterior a la fecha inicial.',
    SECURITY_ANSWER_LENGTH: 'La respuesta debe tener de 2 a 100 caracteres.',
    INVALID_OTP_CODE: 'El código debe tener como máximo 10 letras o dígitos.',
    AT_LEAST_ONE_FIELD: 'Debe ingresar al menos un campo.',
    NO_BENEFITS_FOUND: 'No se encontraron beneficios.',
    NO_TRANSACTIONS_FOUND: 'No se encontraron transacciones.',
    NO_INCENTIVES_FOUND: 'No se encontraron incentivos.',
    NO_MERCHANTS_FOUND: 'No se encontraron comerciantes.',
    NO_BENEFIT_DATA: 'No hay datos de beneficios disponibles.',
    NO_NOTIFICATIONS_FOUND: 'No se encontraron notificaciones.',
    NOTIFICATION_NOT_FOUND: 'No se encontró la notificación.',
    NOT_ENROLLED_IN_INCENTIVES: 'No está inscrito en ningún incentivo.',
    NO_EBT_CARDS: 'No hay tarjetas EBT vinculadas a su cuenta.',
    ACTIVATION_SUCCESS:
      'Activación exitosa. Ahora puede ir al portal en línea o iniciar sesión con la aplicación MyMarketLink.',
    ACTIVATION_LINK_EXPIRED: 'El enlace de activación ya no es válido.',
    EMAIL_CHANGE_LINK_INVALID: 'El enlace de confirmación ya no es válido.',
    EMAIL_CHANGE_CONFIRMED: 'Su nueva dirección de correo electrónico está confirmada. Inicie sesión como siempre.',
    EMAIL_CHANGE_PASSWORD_INVALID: 'La contraseña es incorrecta. Ingrese la contraseña con la que inicia sesión.',
    ACTIVATION_LINK_INVALID: 'El enlace de activación no es válido.',
    RESET_LINK_EXPIRED: 'El enlace para restablecer ya no es válido.',
    USERNAME_NOT_FOUND: 'No se encontró el nombre de usuario.',
    EMAIL_NOT_FOUND: 'No se encontró la dirección de correo electrónico.',
    SECURITY_SETUP_INCOMPLETE: 'La configuración de seguridad de este usuario está incompleta.',
    SECURITY_ANSWER_INVALID: 'La respuesta a la pregunta de seguridad no es válida.',
    OTP_CODE_INVALID: 'El código ingresado no es válido o ya venció.',
    FORGOT_USERNAME_LOCKED: 'La recuperación del nombre de usuario está bloqueada por demasiados intentos fallidos.',
    FORGOT_PASSWORD_LOCKED: 'La recuperación de la contraseña está bloqueada por demasiados intentos fallidos.',
    RESET_EMAIL_SENT: 'Se le enviará un correo electrónico para restablecer la contraseña.',
    OTP_SENT: 'Se envió un código de verificación a {sentTo}.',
    CURRENT_PASSWORD_INVALID: 'La contraseña actual es incorrecta.',
    NEW_PASSWORD_SAME_AS_CURRENT: 'La nueva contraseña debe ser diferente de la contraseña actual.',
    USERNAME_READ_ONLY: 'El nombre de usuario no se puede cambiar.',
    NOT_OWN_USER: 'Solo puede actualizar su propia información de usuario.',
    SECURITY_QUESTION_INVALID: 'Seleccione una de las preguntas de seguridad de la lista.',
    OTP_PREFERENCE_INVALID: 'Elija correo electrónico o SMS para los códigos de verificación.',
    TOO_MANY_ATTEMPTS: 'Demasiados intentos. Vuelva a intentarlo más tarde.',
    USER_NOT_FOUND: 'No se encontró el usuario.',
    APPLICATION_UNAVAILABLE: 'La solicitud en línea no está disponible en este momento.',
    APPLICATION_SUBMIT_FAILED: 'La solicitud no se puede enviar en este momento.',
    APPLICATION_AGREEMENT_REQUIRED: 'Debe aceptar las declaraciones anteriores para enviar la solicitud.',
    APPLICATION_THROTTLED: 'Demasiadas solicitudes desde esta dirección. Vuelva a intentarlo más tarde.',
    STATE_REQUIRED: 'Seleccione un estado.',
    RECIPIENT_EMAIL_EXISTS: 'El correo electrónico ya existe.',
    PASSWORD_UPDATED: 'Contraseña actualizada.',
    SECURITY_QUESTION_UPDATED: 'Pregunta de seguridad actualizada.',
    DATA_UPDATED: 'Datos actualizados.',
    PREFERENCES_UPDATED: 'Preferencias actualizadas.',
    CONFIRM_DELETE_PAN: '¿Está seguro de que desea eliminar este PAN?',
    INVALID_EBT_CARD_NUMBER: 'El número de la tarjeta EBT no es válido.',
    INVALID_EBT_CARD_NAME: 'El nombre de la tarjeta EBT no es válido.',
    EXTERNAL_CARD_DUPLICATE: 'El PAN ingresado ya existe en el sistema.',
    EBT_CARD_NAME_CONTAINS_PAN: 'El nombre de la tarjeta EBT no puede contener parte del número de la tarjeta.',
    EBT_CARD_TYPE_REQUIRED: 'Debe seleccionar al menos un tipo de tarjeta (SNAP o WIC).',
    EBT_CARD_ADDED: 'Tarjeta EBT agregada.',
    EBT_CARD_UPDATED: 'Tarjeta EBT actualizada.',
    EBT_CARD_DELETED: 'Tarjeta EBT eliminada.',
    MERCHANTS_UNAVAILABLE: 'No se pueden obtener los comerciantes.',
    LOCATION_UNAVAILABLE: 'No se puede determinar la ubicación actual.',
    LOCATION_NOT_FOUND: 'No se encontró la ubicación.',
  },
  BENEFIT_MESSAGES: {
    BENEFIT_NOT_FOUND: 'No se encontró el beneficio.',
    PROGRAM_NOT_FOUND: 'No se encontró el programa.',
    NOT_OWN_PROGRAM: 'No tiene una cuenta en este programa.',
    NOTIFICATION_ISSUED:
      'Un beneficio de {amount} de {programName} está disponible del {availableDate} al {expirationDate} (autorización {authNumber}).',
    NOTIFICATION_INCENTIVE:
      'Ganó un incentivo de {amount} en {programName}. Puede usarlo del {availableDate} al {expirationDate} (autorización {authNumber}).',
    NOTIFICATION_VOIDED: 'El beneficio {authNumber} de {amount} de {programName} fue anulado.',
    NOTIFICATION_EXPIRED: 'Su beneficio {authNumber} venció el {expirationDate}.',
    EMAIL_SUBJECT_ISSUED: 'Tiene un nuevo beneficio disponible',
    EMAIL_SUBJECT_INCENTIVE: 'Ganó un incentivo',
    EMAIL_SUBJECT_VOIDED: 'Se anuló un beneficio',
  },
  NOTIFICATION_MESSAGES: {
    NO_NOTIFICATIONS: 'No se encontraron notificaciones.',
    NOT_FOUND: 'No se encontró la notificación.',
    PREFERENCES_UPDATED: 'Preferencias actualizadas.',
    STATUS_UPDATED: 'Notificaciones actualizadas.',
    UNKNOWN_EVENT: 'Evento de notificación desconocido.',
    UNKNOWN_METHOD: 'Método de notificación desconocido.',
    PAIRS_MISMATCH: 'eventIds y methodIds deben tener la misma longitud.',
    SMS_NEEDS_MOBILE: 'Para recibir SMS necesita un teléfono móvil en su cuenta.',
    EMAIL_NEEDS_ADDRESS: 'Para recibir correos electrónicos necesita una dirección de correo en su cuenta.',
  },
  EXTERNAL_CARD_MESSAGES: {
    CARD_NOT_FOUND: 'No se encontró la tarjeta EBT.',
    RECIPIENT_NOT_FOUND: 'No se encontró el beneficiario.',
    PROGRAM_REQUIRED: 'El programa es obligatorio.',
    PROGRAM_NOT_FOUND: 'No se encontró el programa.',
    STATUS_INVALID: 'El estado de la tarjeta debe ser 1 (activa) o 2 (inactiva).',
  },
  TRANSACTION_MESSAGES: {
    TRANSACTION_NOT_FOUND: 'No se encontró la transacción.',
    INVALID_DATE_TIME: 'Ingrese una fecha y una hora.',
    UNKNOWN_TRANSACTION_TYPE: 'Tipo de transacción desconocido.',
    UNKNOWN_RESPONSE_CODE: 'Código de respuesta desconocido.',
    PAGE_SIZE_RANGE: 'El tamaño de página debe ser de 1 a 2000.',
  },
  PAN_MESSAGES: {
    NO_CARDS: 'Todavía no tiene tarjeta.',
    CARD_LOCKED: 'Su tarjeta está bloqueada. No se puede usar hasta que la desbloquee.',
    CARD_UNLOCKED: 'Su tarjeta está desbloqueada.',
    CARD_REPORTED_LOST: 'Su tarjeta se reportó como perdida. Ya no se puede usar.',
    CARD_REPORTED_STOLEN: 'Su tarjeta se reportó como robada. Ya no se puede usar.',
    CARD_ACTION_NOT_ALLOWED: 'Esta tarjeta no se puede cambiar de esa manera.',
    CONFIRM_REPORT:
      '¿Reportar su tarjeta que termina en {last4} como {status}? Ya no se podrá usar y esto no se puede deshacer. Su programa le emitirá una tarjeta nueva.',
    NOTICE_SUBJECT: 'Cambió el estado de su tarjeta',
    NOTICE_REPORTED:
      'Su tarjeta que termina en {last4} ({program}) se reportó como {status} y ya no se puede usar. Comuníquese con su programa para obtener una tarjeta nueva.',
    NOTICE_STATUSED: 'Su tarjeta que termina en {last4} ({program}) ahora está {status}.',
    // Card PINs.
    PIN_SET: 'Su PIN quedó establecido.',
    PIN_CHANGED: 'Su PIN quedó cambiado.',
    PIN_FORMAT: 'Ingrese cuatro dígitos.',
    PIN_TRIVIAL:
      'Elija un PIN más difícil de adivinar: no cuatro dígitos iguales, no una serie como 1234, no un PIN común.',
    PIN_IS_CARD: 'Elija un PIN que no sean los últimos cuatro dígitos de su tarjeta.',
    PIN_MISMATCH: 'Los dos PIN no coinciden.',
    PIN_CURRENT_PASSWORD_REQUIRED: 'Ingrese su contraseña actual para cambiar su PIN.',
    PIN_CARD_NOT_ACTIVE: 'Solo se puede establecer un PIN en una tarjeta activa.',
    PIN_NOTICE_SUBJECT: 'Se borró el PIN de su tarjeta',
    PIN_NOTICE_CLEARED:
      'Su programa borró el PIN de su tarjeta que termina en {last4} ({program}). Establezca un PIN nuevo en el portal antes de pagar con la tarjeta.',
  },
  BENEFIT_LIFE_CYCLE_MESSAGES: {
    NOTIFICATION_EXPIRED_UNSPENT: 'Su beneficio {authNumber} venció el {expirationDate} con {amount} sin gastar.',
    EMAIL_SUBJECT_EXPIRED: 'Un beneficio venció',
    NOTIFICATION_EXPIRING: 'Su beneficio {authNumber} vence el {expirationDate} y le quedan {amount} para gastar.',
    EMAIL_SUBJECT_EXPIRING: 'Un beneficio vence pronto',
    NOTIFICATION_EXPUNGED: 'Se retiraron los {amount} que quedaban en su beneficio vencido {authNumber}.',
    EMAIL_SUBJECT_EXPUNGED: 'Se retiró un beneficio vencido',
  },
  MERCHANT_MESSAGES: {
    MERCHANT_NOT_FOUND: 'No se encontró el comerciante.',
    LOCATION_TEXT_REQUIRED: 'Ingrese una ciudad, un código postal o Ciudad, ST.',
    STREET_SEARCH_OFF:
      'Aquí solo se pueden buscar códigos postales y nombres de ciudades. Ingrese un código postal o Ciudad, ST.',
    ROUTING_CHECK_DIGIT: 'Ingrese un número de ruta válido: 9 dígitos con su dígito de control.',
  },
  FARMER_MESSAGES: {
    MERCHANT_NOT_FOUND: 'No se encontró el comerciante.',
    PAYOUT_NOT_FOUND: 'No se encontró el pago.',
    RANGE_BACKWARDS: 'La fecha de inicio debe ser igual o anterior a la fecha final.',
    RANGE_TOO_LONG: 'Busque como máximo 366 días a la vez.',
  },
  PHONE_TERMINAL_MESSAGES: {
    PHONE_REMOVED: 'Se quitó el teléfono. Ya no puede recibir ventas.',
    PHONE_NOT_FOUND: 'No se encontró el teléfono.',
  },
  BANK_CHANGE_MESSAGES: {
    ACCOUNT_DIGITS: 'Ingrese el número de cuenta: de 4 a 17 dígitos.',
    ACCOUNTS_DIFFER: 'Los números de cuenta no coinciden.',
    REQUESTED: 'Se envió su solicitud. El personal la revisará antes de que los pagos vayan a la cuenta nueva.',
    WITHDRAWN: 'Se retiró su solicitud.',
    APPLIED: 'Se aplicó la cuenta bancaria nueva.',
    REFUSED: 'Se rechazó la solicitud.',
    REQUEST_NOT_FOUND: 'No se encontró la solicitud de cambio de cuenta bancaria.',
    NOT_PENDING: 'La solicitud ya fue decidida o retirada.',
    APPLIED_SUBJECT: 'Cuenta bancaria cambiada: {merchant}',
    APPLIED_NOTICE:
      'El personal confirmó la nueva cuenta bancaria de {merchant} (termina en {last4}). Los próximos pagos irán a esa cuenta.',
    REFUSED_SUBJECT: 'Cambio de cuenta bancaria rechazado: {merchant}',
    REFUSED_NOTICE: 'El personal rechazó el cambio de cuenta bancaria de {merchant}. Motivo: {reason}',
    REFUSED_NEXT:
      'Los pagos siguen yendo a la cuenta de siempre. Puede pedirlo de nuevo desde la página de su negocio.',
    APPLIED_NEXT: 'No tiene que hacer nada. Si usted no pidió este cambio, comuníquese con su programa de inmediato.',
  },
  FARMER_APPLICATION_MESSAGES: {
    NOT_TAKING: 'Este programa no está recibiendo solicitudes de agricultores ahora.',
    PROGRAM_REQUIRED: 'Elija al menos un programa.',
    MARKET_REQUIRED: 'Agregue al menos un mercado donde vende.',
    ANSWER_REQUIRED: 'Responda esta pregunta.',
    ANSWER_YES_NO: 'Responda sí o no.',
    QUESTION_UNKNOWN: 'Esta pregunta ya no se hace. Vuelva a cargar el formulario.',
    TAX_ID_DIGITS: 'Ingrese el número de identificación fiscal: 9 dígitos.',
    ACCOUNT_DIGITS: 'Ingrese el número de cuenta: de 4 a 17 dígitos.',
    ACCOUNTS_DIFFER: 'Los números de cuenta no coinciden.',
    AGREEMENT_REQUIRED: 'Lea el acuerdo y marque la casilla para aceptarlo.',
    SIGNATURE_REQUIRED: 'Escriba su nombre completo para firmar.',
    SIGNATURE_NOT_CONTACT: 'Escriba el mismo nombre completo de la persona de contacto para firmar.',
    CODES_SENT: 'Enviamos un código a {email} y un código por mensaje de texto a {mobile}. Ingrese los dos abajo.',
    CODE_WRONG: 'El código no es correcto. Revise el mensaje e inténtelo de nuevo.',
    CODE_EXPIRED: 'Los códigos vencieron o ya se usaron. Pida códigos nuevos.',
    CONTACT_CONFIRMED: 'Su correo electrónico y su teléfono móvil están confirmados.',
    CONTACT_NOT_CONFIRMED: 'Confirme su correo electrónico y su teléfono móvil con los códigos antes de enviar.',
    CONTACT_CHANGED:
      'El correo electrónico o el teléfono móvil cambió después de que los confirmó. Confírmelos otra vez.',
    SUBMITTED:
      'Se envió su solicitud. Le enviamos por correo electrónico un enlace donde puede ver en qué estado está.',
    RESUBMITTED: 'Se enviaron sus respuestas. El personal revisará su solicitud otra vez.',
    THROTTLED: 'Demasiados intentos desde esta red. Inténtelo más tarde.',
    CONTACT_THROTTLED:
      'Ya enviamos varios códigos a este correo electrónico o teléfono móvil. Use los últimos códigos que enviamos o vuelva a pedirlos más tarde.',
    LINK_UNKNOWN: 'Este enlace no abre ninguna solicitud. Puede haber vencido o estar mal escrito.',
    NOT_WAITING_FOR_YOU: 'Su solicitud no está esperando más información de usted.',
  },
  POS_NOTICES: {
    SUBJECT: 'Movimiento de su tarjeta',
    PURCHASE:
      'Se hizo una compra de {amount} con su tarjeta que termina en {last4} en {merchant}. Su saldo de {program} es {balance}.',
    REFUND:
      'Se agregó un reembolso de {amount} de {merchant} a su tarjeta que termina en {last4}. Su saldo de {program} es {balance}.',
    REVERSAL:
      'Se canceló una transacción de {amount} en {merchant} con su tarjeta que termina en {last4}. Su saldo de {program} es {balance}.',
  },
  CARD_DEVICE_MESSAGES: {
    CARD_NOT_FOUND: 'No se encontró la tarjeta.',
    DEVICE_NOT_FOUND: 'No se encontró el teléfono.',
    INVALID_PUBLIC_KEY: 'El teléfono envió una clave que no se puede usar. Inténtelo de nuevo.',
    NAME_REQUIRED: 'Dele un nombre al teléfono.',
    NAME_TOO_LONG: 'El nombre del teléfono debe tener como máximo {max} caracteres.',
    TOO_MANY_DEVICES:
      'Esta tarjeta ya tiene {max} teléfonos que pueden pagar. Quite uno de ellos para agregar este teléfono.',
    DEVICE_REMOVED: 'Se quitó el teléfono. Ya no puede crear códigos de pago para esta tarjeta.',
    NOTICE_SUBJECT: 'Se quitó un teléfono de su tarjeta',
    NOTICE_REMOVED:
      'Su programa quitó el teléfono "{name}" de su tarjeta que termina en {last4} ({program}). Ya no puede crear códigos de pago para la tarjeta.',
  },
  NOTICE_MESSAGES: {
    GREETING_NAMED: 'Hola, {name}:',
    GREETING: 'Hola:',
    DETAILS: 'Detalles',
    NEXT_HEADING: 'Qué hacer ahora',
    CONTACT_HEADING: '¿Preguntas?',
    CONTACT: '¿Preguntas? Comuníquese con {name}.',
    CONTACT_BY: 'Comuníquese con {name}:',
    CONTACT_EMAIL: 'Correo electrónico: {email}',
    CONTACT_PHONE: 'Teléfono: {phone}',
    FOOTER_CHOSEN:
      'Recibe este mensaje porque eligió avisos por correo electrónico en la configuración de su cuenta; puede cambiarlos en {link}',
    FOOTER_ACCOUNT: 'Recibe este mensaje por su cuenta en {link}',
    SMS_LINK: 'Detalles: {link}',
    PAYOUT_SUBJECT: 'Pago enviado: {amount} para {merchant}',
    PAYOUT_SENT:
      'El {date} se envió un pago de {amount} a la cuenta bancaria de {merchant}. Suele llegar en uno o dos días hábiles.',
    FACT_AMOUNT: 'Cantidad',
    FACT_BALANCE: 'Saldo restante',
    FACT_PROGRAM: 'Programa',
    FACT_AVAILABLE: 'Disponible desde',
    FACT_EXPIRES: 'Vence el',
    FACT_EXPIRED: 'Venció el',
    FACT_AUTHORIZATION: 'Número de autorización',
    FACT_CARD: 'Tarjeta',
    FACT_CARD_ENDING: 'que termina en {last4}',
    FACT_STATUS: 'Estado',
    FACT_PHONE_NAME: 'Teléfono',
    FACT_MERCHANT: 'Mercado',
    FACT_PAYOUT_DATE: 'Pagado el',
    FACT_PERIOD: 'Período',
    FACT_BANK_ACCOUNT: 'Cuenta bancaria',
    FACT_USERNAME: 'Nombre de usuario',
    FACT_REQUEST: 'Solicitud',
    NEXT_ISSUED:
      'Use su tarjeta en un mercado de agricultores participante a partir del {availableDate}. Gástelo antes del {expirationDate}.',
    NEXT_INCENTIVE:
      'El incentivo está en su tarjeta: úselo en un mercado de agricultores participante antes del {expirationDate}.',
    NEXT_VOIDED: 'No tiene que hacer nada. Si cree que es un error, comuníquese con su programa.',
    NEXT_EXPIRING:
      'Gaste lo que queda en un mercado de agricultores participante antes del {expirationDate}; después vence.',
    NEXT_EXPIRED: 'No tiene que hacer nada. Si cree que es un error, comuníquese con su programa.',
    NEXT_CARD_STATUS:
      'Vea su tarjeta en el portal. Si usted no hizo este cambio, comuníquese con su programa de inmediato.',
    NEXT_CARD_PIN:
      'Elija un PIN nuevo en su próxima compra. Si usted no lo pidió, comuníquese con su programa de inmediato.',
    NEXT_CARD_DEVICE: 'Si usted no lo pidió, comuníquese con su programa.',
    NEXT_PAYOUT: 'Vea el detalle y el estado de cuenta en la sección Pagos recibidos del portal.',
    NEXT_STAFF_REVIEW: 'Inicie sesión para revisarlo.',
    NEXT_SIGN_IN: 'Inicie sesión para continuar.',
    NEXT_CODE: 'Escriba el código donde lo pidió. Si usted no lo pidió, puede ignorar este mensaje.',
    NEXT_LINK: 'Abra el enlace para continuar. Si usted no lo pidió, puede ignorar este mensaje.',
    LINK_BENEFITS: 'Ver sus beneficios',
    LINK_CARDS: 'Ver sus tarjetas',
    LINK_NOTIFICATIONS: 'Ver sus notificaciones',
    LINK_PAYOUTS: 'Ver sus pagos',
    LINK_SIGN_IN: 'Iniciar sesión',
    LINK_REVIEW: 'Abrir la revisión',
    LINK_CONTINUE: 'Continuar',
    LINK_APPLICATION: 'Ver su solicitud',
    LINK_BUSINESS: 'Ver los datos de su negocio',
    CODE_SUBJECT: 'Su código de verificación de MarketLink',
    CODE_SMS_SUBJECT: 'Código de verificación de MarketLink',
    CODE_FOR_PASSWORD:
      'Su código de verificación de MarketLink es {code}. Úselo para restablecer su contraseña. Vence en 10 minutos y sirve una sola vez.',
    CODE_FOR_USERNAME:
      'Su código de verificación de MarketLink es {code}. Úselo para recuperar su nombre de usuario. Vence en 10 minutos y sirve una sola vez.',
    CODE_IGNORE: 'Si no lo pidió, puede ignorar este correo; su cuenta no ha cambiado.',
    ACTIVATION_SUBJECT: 'Active su cuenta de MarketLink',
    ACTIVATION_OPENING:
      'Tiene una cuenta lista en el portal EBT de MarketLink. Abra este enlace para elegir su contraseña, una pregunta de seguridad y cómo recibir los códigos de verificación:',
    ACTIVATION_EXPIRY: 'El enlace sirve una sola vez y vence en 72 horas. Si no esperaba este correo, puede ignorarlo.',
    RESET_SUBJECT: 'Restablezca su contraseña de MarketLink',
    RESET_OPENING: 'Pidió restablecer su contraseña de MarketLink. Abra este enlace para elegir una nueva:',
    RESET_EXPIRY: 'El enlace sirve una sola vez y vence en 60 minutos. Si no esperaba este correo, puede ignorarlo.',
    EMAIL_CONFIRM_SUBJECT: 'Confirme su nuevo correo electrónico de MarketLink',
    EMAIL_CONFIRM_OPENING:
      'Esta dirección se dio a su cuenta de MarketLink (usuario {username}). Abra este enlace para confirmarla, para que los correos de MarketLink le lleguen aquí:',
    EMAIL_CONFIRM_EXPIRY:
      'El enlace sirve una sola vez y vence en 72 horas. Hasta entonces, sus correos siguen llegando a su dirección actual. Si no esperaba este correo, puede ignorarlo.',
    EMAIL_CHANGING_SUBJECT: 'Se está cambiando su correo electrónico de MarketLink',
    EMAIL_CHANGING_TEXT:
      'El personal del programa dio a su cuenta de MarketLink (usuario {username}) un nuevo correo electrónico, {email}. El cambio se aplica solo cuando se abra el enlace enviado a esa dirección; hasta entonces, sus correos siguen llegando aquí.',
    EMAIL_CHANGING_NEXT: 'Si usted no lo pidió, comuníquese con la oficina de su programa.',
    OTP_RESET_HEADING: 'Se restablecieron sus códigos de verificación de MarketLink',
    OTP_RESET_SUMMARY:
      'Un administrador restableció sus códigos de verificación. Los códigos que recibió antes ya no sirven, y se quitó cualquier bloqueo de su inicio de sesión o de la recuperación de su cuenta.',
    OTP_RESET_NEXT:
      'Pida un código nuevo la próxima vez que inicie sesión o recupere su cuenta. Si no esperaba esto, comuníquese con el administrador de su programa.',
    FARMER_LINKED_HEADING: 'Ya puede vender para {merchant} en MarketLink',
    FARMER_LINKED_SUMMARY: '{merchant} lo agregó a las personas que venden para ellos en el portal EBT de MarketLink.',
    FARMER_LINKED_NEXT_ACTIVE: 'Inicie sesión como {username} en {link} y elija {merchant} cuando venda.',
    FARMER_LINKED_NEXT_PENDING:
      'Su cuenta aún no está activada: abra el enlace de activación que le enviamos antes, o pida uno nuevo al personal del comercio. Su nombre de usuario es {username}.',
    FARMER_LINKED_UNEXPECTED: 'Si no esperaba este correo, avise a {merchant}.',
    LINK_ACTIVATE: 'Activar su cuenta',
    LINK_RESET_PASSWORD: 'Elegir una contraseña nueva',
    LINK_CONFIRM_EMAIL: 'Confirmar este correo electrónico',
  },
};

/**
 * A card status as the Spanish card notices say it ('Su tarjeta ... ahora está {status}'): lower case, feminine as
 * 'tarjeta' is; the English notices use PAN_STATUS_LABEL in lower case.
 */
export const PAN_STATUS_LABEL_ES: Readonly<Record<PanStatus, string>> = {
  0: 'activa',
  1: 'perdida',
  2: 'robada',
  3: 'usada',
  4: 'inactiva',
};

/** A card status's word for a notice in the given language (English: the label in lower case). */
export function panStatusWord(statusId: number, language: 'en' | 'es'): string {
  const labels = language === 'es' ? PAN_STATUS_LABEL_ES : PAN_STATUS_LABEL;
  const label = labels[statusId as PanStatus] ?? String(statusId);
  return language === 'es' ? label : label.toLowerCase();
}

/** The `{name}` placeholders of a message, sorted (the test compares English and Spanish). */
export function messagePlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** The English card-status words of the card notices and their Spanish (a stored inbox text carries the English). */
const STATUS_WORDS_ES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(PAN_STATUS_LABEL).map(([id, label]) => [
    label.toLowerCase(),
    PAN_STATUS_LABEL_ES[Number(id) as PanStatus],
  ]),
);

/**
 * Placeholder values that are words of ours, not data: a message's English value is given in Spanish when shown
 * ('Your card ... is now lost.' → '... ahora está perdida.'). Keyed by `GROUP.KEY`, then placeholder.
 */
export const MESSAGE_VALUES_ES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>> = {
  'PAN_MESSAGES.NOTICE_REPORTED': { status: STATUS_WORDS_ES },
  'PAN_MESSAGES.NOTICE_STATUSED': { status: STATUS_WORDS_ES },
};

/** One message in English and Spanish, with the Spanish of those of its values that are words of ours. */
export interface SpanishMessagePair {
  key: string;
  en: string;
  es: string;
  values?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** English and Spanish texts of every message that has a Spanish text: what a Spanish page matches answers against. */
export function spanishMessagePairs(): SpanishMessagePair[] {
  const pairs: SpanishMessagePair[] = [];
  for (const group of Object.keys(MESSAGES_ES) as MessageGroup[]) {
    const english = MESSAGE_GROUPS[group] as Record<string, string>;
    for (const [key, es] of Object.entries(MESSAGES_ES[group] as Record<string, string>)) {
      const en = english[key];
      const values = MESSAGE_VALUES_ES[`${group}.${key}`];
      if (en !== undefined) pairs.push({ key: `${group}.${key}`, en, es, ...(values ? { values } : {}) });
    }
  }
  return pairs;
}
