// What the PANs module offers other modules (decision 0019: a module's index.ts is its only door): program add makes
// the program's printed-PAN account with the program (decision 0035); a card's phones are checked against the card as
// the PANs module reads it (one read of a card, locked or not).
export { ensurePrintedAccount, panById, type PanRecord } from './queries.js';
// A card notice's e-mail (its facts, next step and link): the card devices' notice is one (docs/notices.md).
export { cardNoticeMail } from './notices.js';
