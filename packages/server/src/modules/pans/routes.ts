import { panApi } from '@ebt/core/pans';
import { handle, NO_HEAD, routeTable } from '../../platform/routes.js';
import { changeMyCard, listMyCards } from './current-user.js';
import { generatePrintedPans, getGenerationSetup, listPrintedPans } from './generation.js';
import { clearCardPin, setMyCardPin } from './pins.js';
import { generationPdf, panCardPdf } from './printing.js';
import { assignPan, generatePan, listRecipientPans } from './recipient-pans.js';
import { revealPan } from './reveal.js';
import { setPanStatus } from './status.js';

// PANs: each contract of @ebt/core/pans (panApi) bound to its use case.
// The PDFs have no HEAD twin (NO_HEAD): Fastify's HEAD handler would draw the whole PDF (audited as a print) to throw
// it away, and on a generation's PDF it drains the GET's stream, which would end the generation's in-process state
// (and cost a whole render) without delivering a single card.
export default routeTable([
  handle(panApi.list, (req) => listRecipientPans(req.ctx, req.query.programId, req.query.accountUuid)),
  handle(panApi.reveal, (req) => revealPan(req.ctx, req.params.panId)),
  handle(panApi.generate, (req) => generatePan(req.ctx, req.body)),
  handle(panApi.setStatus, (req) => setPanStatus(req.ctx, req.params.panId, req.body)),
  handle(panApi.assign, (req) => assignPan(req.ctx, req.params.pan19, req.params.accountUuid, req.body.programId)),
  handle(panApi.generationSetup, (req) => getGenerationSetup(req.ctx, req.params.programId)),
  handle(panApi.generatePrinted, (req) => generatePrintedPans(req.ctx, req.body)),
  handle(panApi.printed, (req) => listPrintedPans(req.ctx, req.query)),
  handle(panApi.ownCards, (req) => listMyCards(req.ctx)),
  handle(panApi.changeOwnCard, (req) => changeMyCard(req.ctx, req.params.panId, req.body)),
  handle(panApi.setOwnCardPin, (req) => setMyCardPin(req.ctx, req.params.panId, req.body)),
  handle(panApi.clearPin, (req) => clearCardPin(req.ctx, req.params.panId)),
  handle(panApi.cardPdf, (req, reply) => panCardPdf(req.ctx, reply, req.params.panId), NO_HEAD),
  handle(panApi.generationPdf, (req, reply) => generationPdf(req.ctx, reply, req.params.panGenId), NO_HEAD),
]);
