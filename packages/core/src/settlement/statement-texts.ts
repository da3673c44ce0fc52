import type { Language } from '../languages/languages.js';
import { BATCH_STATUS_LABELS, BENEFIT_KIND_LABELS } from './rules.js';

// Every word a merchant's settlement statement prints (the PDF of modules/settlement statement-pdf.ts), one table per
// language. Staff print it in English, the words it always had; a farmer downloads it in the language of the farmer
// portal (docs/i18n.md). The Spanish says what the farmer reads on the Payouts and Sales pages (the web catalogue's
// `farmer` group: a batch is a 'pago', its cut-off 'Ventas hasta', its transactions 'ventas') and follows
// docs/i18n-glossary.md. Placeholders are `{name}`, filled with fillMessage, their dates and amounts already written
// for the language. Every character is one of WinAnsi's, the encoding of the PDF's standard Helvetica
// (statement-texts.test.ts).

const EN = {
  TITLE: 'Settlement statement',
  /** The PDF's Title, which the viewer shows. */
  DOCUMENT_TITLE: 'Settlement statement {merchantId} batch {batch}',
  BATCH: 'Batch {batch}',
  BUSINESS_DAY: 'Business day {date}',
  CUTOFF: 'Cut-off {dateTime}',
  STATUS: 'Status {status}',
  TIMES_IN: 'Times in {zone}',
  PHONE: 'Phone {phone}',
  EMAIL: 'E-mail {email}',
  MERCHANT_ID: 'Merchant ID {merchantId}',
  SUMMARY: 'Summary',
  FUNDING_SOURCE: 'Funding source',
  BENEFITS: 'Benefits',
  COUNT: 'Trans.',
  GROSS: 'Gross',
  REFUNDS: 'Refunds',
  REVERSALS: 'Reversals',
  FEES: 'Fees',
  NET: 'Net',
  NO_FUNDING_SOURCE: 'No funding source',
  TOTAL: 'Total',
  NET_EXPLAINED:
    'Net {amount}: gross less refunds, reversals and redemption fees. A negative net is collected from your account.',
  TRANSACTIONS: 'Transactions',
  DATE_TIME: 'Date and time',
  TYPE: 'Type',
  CARD: 'Card',
  AMOUNT: 'Amount',
  FEE: 'Fee',
  NO_TRANSACTIONS: 'No transactions.',
  TRUNCATED: 'More transactions than a statement prints: ask the program for the full list.',
  FOOTER: '{program} - {merchant} ({merchantId}), batch {batch} - generated {dateTime} - page {page} of {pages}',
} as const;

export type StatementTextKey = keyof typeof EN;

/** A statement's words in one language. */
export interface StatementTexts {
  text: Readonly<Record<StatementTextKey, string>>;
  /** A batch's status by BATCH_STATUS id. */
  batchStatus: Readonly<Record<number, string>>;
  /** A transaction's type by transaction_types id (the batch settles 1, 2, 4 and 5). */
  trxType: Readonly<Record<number, string>>;
  /** A benefit's kind by benefitTypeId (BENEFIT_KIND_LABELS). */
  benefitKind: Readonly<Record<number, string>>;
}

export const STATEMENT_TEXTS: Readonly<Record<Language, StatementTexts>> = {
  en: {
    text: EN,
    batchStatus: BATCH_STATUS_LABELS,
    // transaction_types.descr, which the statement printed before it had a Spanish twin.
    trxType: {
      1: 'Purchase',
      2: 'Refund',
      3: 'Balance Inquiry',
      4: 'Purchase Reversal',
      5: 'Refund Reversal',
      6: 'Incentive Accrual',
      7: 'Incentive Clawback',
    },
    benefitKind: BENEFIT_KIND_LABELS,
  },
  es: {
    text: {
      TITLE: 'Estado de cuenta',
      DOCUMENT_TITLE: 'Estado de cuenta {merchantId} pago {batch}',
      BATCH: 'Pago {batch}',
      BUSINESS_DAY: 'Día hábil: {date}',
      CUTOFF: 'Ventas hasta: {dateTime}',
      STATUS: 'Estado: {status}',
      TIMES_IN: 'Las horas se muestran en {zone}.',
      PHONE: 'Teléfono: {phone}',
      EMAIL: 'Correo electrónico: {email}',
      MERCHANT_ID: 'ID de comerciante: {merchantId}',
      SUMMARY: 'Resumen',
      FUNDING_SOURCE: 'Fuente de fondos',
      BENEFITS: 'Beneficios',
      COUNT: 'Ventas',
      GROSS: 'Bruto',
      REFUNDS: 'Reembolsos',
      REVERSALS: 'Anulaciones',
      FEES: 'Comisiones',
      NET: 'Neto',
      NO_FUNDING_SOURCE: 'Sin fuente de fondos',
      TOTAL: 'Total',
      NET_EXPLAINED:
        'Neto {amount}: el bruto menos reembolsos, anulaciones y comisiones de canje. Un neto negativo se cobra de su cuenta.',
      TRANSACTIONS: 'Ventas',
      DATE_TIME: 'Fecha y hora',
      TYPE: 'Tipo',
      CARD: 'Tarjeta',
      AMOUNT: 'Importe',
      FEE: 'Comisión',
      NO_TRANSACTIONS: 'No hay ventas.',
      TRUNCATED: 'Hay más ventas de las que imprime un estado de cuenta: pida la lista completa al programa.',
      FOOTER: '{program} - {merchant} ({merchantId}), pago {batch} - generado el {dateTime} - página {page} de {pages}',
    },
    // The farmer's Payouts page says these (web catalogue farmer.status0 to status3).
    batchStatus: { 0: 'Abierto', 1: 'En preparación', 2: 'Enviado al banco', 3: 'Pagado' },
    // The farmer's Sales page words (farmer.typePurchase...); the incentive's as the recipient's pages say them.
    trxType: {
      1: 'Venta',
      2: 'Reembolso',
      3: 'Consulta de saldo',
      4: 'Anulación',
      5: 'Reembolso anulado',
      6: 'Incentivo ganado',
      7: 'Incentivo retirado',
    },
    benefitKind: { 1: 'Regular', 2: 'Incentivo' },
  },
};
