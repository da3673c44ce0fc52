import { applicationNumber } from '@ebt/core/farmer-applications';
import { displayPhone } from '@ebt/core/format';
import type { DbOrTx } from '../../db/client.js';
import type { RequestContext } from '../../platform/context.js';
import { htmlOfText, noticeText } from '../../platform/notice-mail.js';
import { queueMessage } from '../../platform/outbox.js';

// What the farmer is told, by e-mail and by text message, in the language they applied in (docs/decisions/0111). Each
// e-mail has a greeting, the facts, what to do next and the status link; each text message is short and carries the
// link (or the code). Queued in the transaction of the change, so nobody hears of a change that rolled back. The
// texts hold codes and links: they go to the outbox, never to a log line.

export type Language = 'en' | 'es';

type NoticeContext = Pick<RequestContext, 'now' | 'log' | 'config'>;

interface Notice {
  subject: string;
  body: string;
  sms: string;
}

/** Where the farmer is told: the application's contact and language. */
export interface Recipient {
  email: string;
  mobilePhone: string;
  firstName: string;
  language: string;
}

export function statusLink(ctx: Pick<RequestContext, 'config'>, token: string): string {
  return `${ctx.config.publicUrl}/apply/farmer/status?hash=${token}`;
}

const lang = (language: string): Language => (language === 'es' ? 'es' : 'en');

/** The e-mail (text and HTML parts) and the text message of a step; `kind` names it in the delivery log. */
async function send(tx: DbOrTx, ctx: NoticeContext, to: Recipient, notice: Notice, kind: string): Promise<void> {
  const language = lang(to.language);
  const html = htmlOfText(language, notice.subject, notice.body, noticeText(language, 'LINK_APPLICATION'));
  await queueMessage(tx, ctx, {
    channel: 'email',
    to: to.email,
    subject: notice.subject,
    body: notice.body,
    html,
    kind,
  });
  await queueMessage(tx, ctx, { channel: 'sms', to: to.mobilePhone, subject: notice.subject, body: notice.sms, kind });
}

// ---------------------------------------------------------------------------------------------------------------
// The one-time codes: one by e-mail, one by text message

export async function sendCodes(
  tx: DbOrTx,
  ctx: NoticeContext,
  to: { email: string; mobilePhone: string; language: string },
  codes: { email: string; mobile: string },
): Promise<void> {
  const es = lang(to.language) === 'es';
  const subject = es ? 'Su código de MarketLink' : 'Your MarketLink code';
  const body = es
    ? `Hola:\n\nSu código para confirmar este correo electrónico en la solicitud de agricultor de MarketLink es ` +
      `${codes.email}.\n\nEscríbalo en el formulario junto con el código que le enviamos por mensaje de texto. ` +
      `Vence en 10 minutos.\n\nSi no pidió este código, puede ignorar este correo.\n`
    : `Hello,\n\nYour code to confirm this e-mail address on the MarketLink farmer application is ${codes.email}.\n\n` +
      `Enter it in the form with the code we sent by text message. It expires in 10 minutes.\n\n` +
      `If you did not ask for it, you can ignore this e-mail.\n`;
  // The code stays in the body, never in the subject.
  await queueMessage(tx, ctx, {
    channel: 'email',
    to: to.email,
    subject,
    body,
    html: htmlOfText(lang(to.language), subject, body),
    kind: 'farmer-application-code',
  });
  await queueMessage(tx, ctx, {
    channel: 'sms',
    kind: 'farmer-application-code',
    to: to.mobilePhone,
    subject: es ? 'Código de MarketLink' : 'MarketLink code',
    body: es
      ? `MarketLink: su código para la solicitud de agricultor es ${codes.mobile}. Vence en 10 minutos.`
      : `MarketLink: your farmer application code is ${codes.mobile}. It expires in 10 minutes.`,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The application's steps

interface Facts {
  applicationId: number;
  farmName: string;
  programNames: readonly string[];
  /** How to reach each program applied to: given where the farmer is told to ask the program. */
  contacts?: readonly ProgramContact[];
  link: string;
}

interface ProgramContact {
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * "contact the program" with the way to do it: each program's e-mail and phone on a line of its own (a program with
 * neither is left out); the bare words when no program has any.
 */
function contactThem(language: Language, contacts: readonly ProgramContact[] = []): string {
  const lines: string[] = [];
  for (const c of contacts) {
    const reach = [c.email, c.phone ? displayPhone(c.phone) : null].filter(Boolean).join(', ');
    if (reach) lines.push(`- ${c.name}: ${reach}`);
  }
  const words = language === 'es' ? 'comuníquese con el programa' : 'contact the program';
  return lines.length === 0 ? `${words}.` : `${words}:\n${lines.join('\n')}`;
}

export async function tellSubmitted(tx: DbOrTx, ctx: NoticeContext, to: Recipient, facts: Facts) {
  const number = applicationNumber(facts.applicationId);
  const programs = facts.programNames.join(', ');
  const notice: Notice =
    lang(to.language) === 'es'
      ? {
          subject: `Recibimos su solicitud ${number}`,
          body:
            `Hola, ${to.firstName}:\n\nRecibimos la solicitud ${number} de ${facts.farmName} para vender en ` +
            `${programs}.\n\nEl personal del programa la revisará. Le escribiremos si necesitan más información y ` +
            `cuando decidan.\n\nVea en qué punto está su solicitud en este enlace (guárdelo; es solo para usted):\n` +
            `${facts.link}\n`,
          sms: `MarketLink: recibimos su solicitud ${number}. Vea su estado: ${facts.link}`,
        }
      : {
          subject: `We received your application ${number}`,
          body:
            `Hello ${to.firstName},\n\nWe received application ${number} from ${facts.farmName} to sell in ` +
            `${programs}.\n\nProgram staff will review it. We will write to you if they need more information and ` +
            `when they decide.\n\nSee where your application stands at this link (keep it; it is only for you):\n` +
            `${facts.link}\n`,
          sms: `MarketLink: we received your application ${number}. See its status: ${facts.link}`,
        };
  await send(tx, ctx, to, notice, 'farmer-application-submitted');
}

export async function tellMoreInfo(tx: DbOrTx, ctx: NoticeContext, to: Recipient, facts: Facts & { note: string }) {
  const number = applicationNumber(facts.applicationId);
  const notice: Notice =
    lang(to.language) === 'es'
      ? {
          subject: `Necesitamos más información: solicitud ${number}`,
          body:
            `Hola, ${to.firstName}:\n\nEl personal del programa revisó la solicitud ${number} de ${facts.farmName} ` +
            `y necesita más información:\n\n${facts.note}\n\nAbra este enlace, complete su solicitud y envíela de ` +
            `nuevo:\n${facts.link}\n\nSi tiene preguntas, ${contactThem('es', facts.contacts)}\n`,
          sms: `MarketLink: necesitamos más información sobre su solicitud ${number}. Complétela aquí: ${facts.link}`,
        }
      : {
          subject: `More information needed: application ${number}`,
          body:
            `Hello ${to.firstName},\n\nProgram staff reviewed application ${number} from ${facts.farmName} and need ` +
            `more information:\n\n${facts.note}\n\nOpen this link, complete your application and send it again:\n` +
            `${facts.link}\n\nIf you have questions, ${contactThem('en', facts.contacts)}\n`,
          sms: `MarketLink: we need more information on your application ${number}. Complete it here: ${facts.link}`,
        };
  await send(tx, ctx, to, notice, 'farmer-application-more-info');
}

export async function tellApproved(
  tx: DbOrTx,
  ctx: NoticeContext,
  to: Recipient,
  facts: Facts & { merchantIdentifier: string },
) {
  const number = applicationNumber(facts.applicationId);
  const programs = facts.programNames.join(', ');
  const notice: Notice =
    lang(to.language) === 'es'
      ? {
          subject: `Solicitud aprobada: ${number}`,
          body:
            `Hola, ${to.firstName}:\n\nSu solicitud ${number} fue aprobada. ${facts.farmName} ya puede vender en ` +
            `${programs} con el número de comerciante ${facts.merchantIdentifier}.\n\nEn breve recibirá otro correo ` +
            `con un enlace para activar su cuenta: elija su contraseña y luego inicie sesión para vender desde su ` +
            `teléfono.\n\nSu solicitud:\n${facts.link}\n`,
          sms: `MarketLink: su solicitud ${number} fue aprobada. Le enviamos un correo para activar su cuenta.`,
        }
      : {
          subject: `Application approved: ${number}`,
          body:
            `Hello ${to.firstName},\n\nYour application ${number} was approved. ${facts.farmName} can now sell in ` +
            `${programs} with Merchant ID ${facts.merchantIdentifier}.\n\nAnother e-mail with a link to activate ` +
            `your account follows shortly: choose your password, then sign in to sell from your phone.\n\n` +
            `Your application:\n${facts.link}\n`,
          sms: `MarketLink: your application ${number} was approved. Check your e-mail to activate your account.`,
        };
  await send(tx, ctx, to, notice, 'farmer-application-approved');
}

export async function tellRefused(tx: DbOrTx, ctx: NoticeContext, to: Recipient, facts: Facts & { reason: string }) {
  const number = applicationNumber(facts.applicationId);
  const notice: Notice =
    lang(to.language) === 'es'
      ? {
          subject: `Solicitud rechazada: ${number}`,
          body:
            `Hola, ${to.firstName}:\n\nEl personal del programa rechazó la solicitud ${number} de ` +
            `${facts.farmName}.\n\nMotivo: ${facts.reason}\n\nSi tiene preguntas, ${contactThem('es', facts.contacts)}\n\n` +
            `Puede presentar una nueva solicitud cuando quiera.\n\nSu solicitud:\n${facts.link}\n`,
          sms: `MarketLink: su solicitud ${number} fue rechazada. Vea el motivo: ${facts.link}`,
        }
      : {
          subject: `Application refused: ${number}`,
          body:
            `Hello ${to.firstName},\n\nProgram staff refused application ${number} from ${facts.farmName}.\n\n` +
            `Reason: ${facts.reason}\n\nIf you have questions, ${contactThem('en', facts.contacts)}\n\n` +
            `You may apply again at any time.\n\nYour application:\n${facts.link}\n`,
          sms: `MarketLink: your application ${number} was refused. See why: ${facts.link}`,
        };
  await send(tx, ctx, to, notice, 'farmer-application-refused');
}
