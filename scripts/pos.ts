// A command-line point-of-sale client for the transaction engine (issue 20 item 10; docs/transaction-engine.md):
// demos, support and the end-to-end tests call the engine the way a terminal does, with HTTP Basic.
//
//   npm run pos -- purchase --pan 6000000010000000011 --pin 1234 --amount 12.50 [--eligible 8.00] [--partial]
//   npm run pos -- purchase --pay-code EBTPAY1.… --pin 1234 --amount 12.50
//   npm run pos -- refund --amount 5 --original <trxUuid> | --original-trace 000123 --original-date 2026-11-23
//   npm run pos -- reversal --original <trxUuid> | --original-trace 000123 --original-date 2026-11-23
//   npm run pos -- balance-inquiry --pan 6000000010000000011 --pin 1234
//
// The card is named by --pan (its 19 digits) or --pay-code (the text of the code the cardholder's phone shows; the
// entry mode defaults to 031, QR). --pin is the card's PIN, which a program that requires it asks at every purchase
// and balance inquiry; it is sent, never printed.
//
// Credentials: --terminal and --secret, or POS_TERMINAL_ID and POS_TERMINAL_SECRET (a terminal issued on the merchant
// detail). --url or POS_URL names the portal (default http://localhost:$PORT or 3000). --trace sets the trace number
// (default: derived from the clock), --at the terminal date-time (default: now with the local offset), --lat, --lng and
// --address the location, --json prints the raw answer only. Exits 0 when approved, 2 when declined, 1 on an error.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';

const CALLS = ['purchase', 'refund', 'reversal', 'balance-inquiry'] as const;
type Call = (typeof CALLS)[number];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    terminal: { type: 'string' },
    secret: { type: 'string' },
    pan: { type: 'string' },
    'pay-code': { type: 'string' },
    pin: { type: 'string' },
    amount: { type: 'string' },
    eligible: { type: 'string' },
    partial: { type: 'boolean' },
    trace: { type: 'string' },
    at: { type: 'string' },
    original: { type: 'string' },
    'original-trace': { type: 'string' },
    'original-date': { type: 'string' },
    'original-terminal': { type: 'string' },
    mcc: { type: 'string' },
    'entry-mode': { type: 'string' },
    lat: { type: 'string' },
    lng: { type: 'string' },
    address: { type: 'string' },
    json: { type: 'boolean' },
  },
});

function fail(message: string): never {
  console.error(`pos: ${message}`);
  process.exit(1);
}

const call = positionals[0] as Call | undefined;
if (!call || !CALLS.includes(call)) fail(`say what to do: ${CALLS.join(', ')}`);
const terminal = values.terminal ?? process.env.POS_TERMINAL_ID;
const secret = values.secret ?? process.env.POS_TERMINAL_SECRET;
if (!terminal || !secret) fail('give --terminal and --secret (or POS_TERMINAL_ID and POS_TERMINAL_SECRET)');
const base = values.url ?? process.env.POS_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/** Now as the terminal's clock shows it: local time with its offset, which carries the trace number's day. */
function localNow(): string {
  const now = new Date();
  const offset = -now.getTimezoneOffset();
  const local = new Date(now.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${local}${sign}${String(Math.trunc(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const number = (value: string | undefined, name: string) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) fail(`--${name} must be a number`);
  return n;
};

const original = {
  ...(values.original ? { trxUuid: values.original } : {}),
  ...(values['original-trace'] ? { traceNumber: values['original-trace'] } : {}),
  ...(values['original-date'] ? { date: values['original-date'] } : {}),
  ...(values['original-terminal'] ? { terminalId: values['original-terminal'] } : {}),
};
const location =
  values.lat !== undefined && values.lng !== undefined
    ? {
        latitude: number(values.lat, 'lat'),
        longitude: number(values.lng, 'lng'),
        ...(values.address ? { address: values.address } : {}),
      }
    : undefined;
const terminalFields = {
  terminalDateTime: values.at ?? localNow(),
  ...(values.mcc ? { mcc: values.mcc } : {}),
  ...(values['entry-mode'] ? { posEntryMode: values['entry-mode'] } : {}),
  ...(location ? { location } : {}),
};
/** The card as the call names it: its number or a pay code (not both), with the PIN when one was given. */
const card = () => {
  if (values.pan !== undefined && values['pay-code'] !== undefined) fail('give --pan or --pay-code, not both');
  return {
    ...(values['pay-code'] !== undefined
      ? { payCode: values['pay-code'], posEntryMode: values['entry-mode'] ?? '031' }
      : { pan: values.pan }),
    ...(values.pin !== undefined ? { pin: values.pin } : {}),
  };
};
const traceNumber = values.trace ?? `${Date.now() % 1_000_000_000}${randomInt(10)}`.slice(-10);

const bodies: Record<Call, () => Record<string, unknown>> = {
  purchase: () => ({
    ...terminalFields,
    ...card(),
    amount: number(values.amount, 'amount'),
    ...(values.eligible !== undefined ? { eligibleAmount: number(values.eligible, 'eligible') } : {}),
    ...(values.partial ? { allowPartial: true } : {}),
    traceNumber,
  }),
  refund: () => ({ amount: number(values.amount, 'amount'), original, traceNumber, ...terminalFields }),
  reversal: () => ({ original, ...terminalFields }),
  'balance-inquiry': () => ({ ...terminalFields, ...card(), traceNumber }),
};

const res = await fetch(new URL(`/transaction-api/pos/${call}`, base), {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${terminal}:${secret}`).toString('base64')}`,
  },
  body: JSON.stringify(bodies[call]()),
}).catch((error: Error) => fail(`cannot reach ${base}: ${error.message}`));
const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
if (values.json) console.log(JSON.stringify(answer, null, 2));
if (!res.ok || !answer) {
  if (!values.json) console.error(`pos: ${res.status} ${JSON.stringify(answer)}`);
  process.exit(1);
}
if (!values.json) {
  const usd = (n: unknown) => `$${Number(n).toFixed(2)}`;
  console.log(
    `${answer.responseCode} ${answer.responseText}${answer.additionalResponseText ? ` (${answer.additionalResponseText})` : ''}`,
  );
  console.log(`trxUuid ${answer.trxUuid}  trace ${traceNumber}  auth ${answer.authNumber ?? '-'}`);
  console.log(
    `approved ${usd(answer.approvedAmount)} of ${usd(answer.requestedAmount)}  balance ${answer.balanceAfter === null ? '-' : usd(answer.balanceAfter)}`,
  );
  if (Number(answer.incentiveEarned) > 0) console.log(`incentive earned ${usd(answer.incentiveEarned)}`);
  if (Number(answer.incentiveTakenBack) > 0) console.log(`incentive taken back ${usd(answer.incentiveTakenBack)}`);
  if (answer.soonestExpiration) console.log(`soonest expiry ${answer.soonestExpiration}`);
  // A trace number names one call of the terminal on its day: only the same call sent again is a retry.
  if (answer.responseCode === '94')
    console.error(
      `pos: trace ${traceNumber} was already used today by this terminal for another call; ` +
        'send it again with a new --trace (or without --trace for a fresh one)',
    );
}
process.exit(answer.responseCode === '00' ? 0 : 2);
