import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import {
  AssignPanBody,
  AssignPanParams,
  BulkPanGenerated,
  BulkPanGenerationBody,
  CardActionBody,
  CardChanged,
  GeneratePanBody,
  PanAssigned,
  PanGenerated,
  PanGenerationParams,
  PanGenerationProgramParams,
  PanGenerationSetup,
  PanIdParams,
  PanList,
  PanListQuery,
  PanRevealed,
  PanStatusBody,
  PanStatused,
  PrintedPanPage,
  PrintedPanQuery,
  RecipientCards,
} from '@ebt/core/pans';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { changeMyCard, listMyCards } from './current-user.js';
import { generatePrintedPans, getGenerationSetup, listPrintedPans } from './generation.js';
import { generationPdf, panCardPdf } from './printing.js';
import { assignPan, generatePan, listRecipientPans } from './recipient-pans.js';
import { revealPan } from './reveal.js';
import { setPanStatus } from './status.js';

// PANs (B§2 "Recipient PANs", "Bulk PAN generation", B§4, B§5, B§7; decisions 0035-0037, 0097). A recipient's PANs
// are for every staff member within their scope, masked; the whole number of one is revealed to holders of
// BULK_PAN_GEN (the printing privilege), audited; bulk generation needs BULK_PAN_GEN (administrators: any program,
// others their own); the card controls are the recipient's, on their own cards.

const tags = ['pans'];
const BULK = privileges(PRIVILEGE.BULK_PAN_GEN);
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const pdf = { 200: z.any().describe('application/pdf'), ...refusals };

export default defineRoutes((app) => {
  app.get(
    '/account-api/pans',
    {
      schema: {
        tags,
        summary:
          "A recipient's PANs, newest first, masked ('*' and the last four, B§9), the newest 100 at most; 404 outside " +
          "the caller's scope",
        querystring: PanListQuery,
        response: { 200: PanList, ...refusals },
      },
      config: { access: STAFF },
    },
    (req) => listRecipientPans(req.ctx, req.query.programId, req.query.accountUuid),
  );

  app.post(
    '/account-api/pans/:panId/reveal',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "The whole number of one PAN, for holders of the printing privilege (BULK_PAN_GEN), audited ('reveal' on " +
          "pan); 404 when missing or outside the caller's scope (decision 0097)",
        params: PanIdParams,
        response: { 200: PanRevealed, ...refusals },
      },
      config: { access: BULK },
    },
    (req) => revealPan(req.ctx, req.params.panId),
  );

  app.post(
    '/account-api/pans',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "A new PAN for the recipient: 'A new Pan has been generated.'; 422 for account type 1 or when maxPrintedPans is below 1",
        body: GeneratePanBody,
        response: { 200: PanGenerated, ...refusals, 422: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => generatePan(req.ctx, req.body),
  );

  app.patch(
    '/benefit-api/pans/:panId',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Status a PAN Lost (1), Stolen (2) or Inactive (4): 'The pan has been statused.'; 422 when not allowed",
        params: PanIdParams,
        body: PanStatusBody,
        response: { 200: PanStatused, ...refusals, 422: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => setPanStatus(req.ctx, req.params.panId, req.body),
  );

  app.put(
    '/benefit-api/pans/:pan19/:accountUuid',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Assign a printed PAN (19 digits, or the last 10) to the recipient: 'PAN reassigned.'; 404 not found, " +
          '400 another program, 422 not reassignable',
        params: AssignPanParams,
        body: AssignPanBody,
        response: { 200: PanAssigned, ...refusals, 422: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => assignPan(req.ctx, req.params.pan19, req.params.accountUuid, req.body.programId),
  );

  app.get(
    '/benefit-api/pan/:panId/qrcode/pdf',
    {
      // No HEAD twin: Fastify's would draw the whole PDF to throw it away (see the generation's PDF below).
      exposeHeadRoute: false,
      schema: { tags, summary: 'The QR card of one PAN, as a PDF', params: PanIdParams, response: pdf },
      config: { access: STAFF },
    },
    (req, reply) => panCardPdf(req.ctx, reply, req.params.panId),
  );

  app.get(
    '/account-api/account/pangen/:programId',
    {
      schema: {
        tags,
        summary: "Bulk PAN generation setup: the program's printed-PAN account and how many printed PANs it may take",
        params: PanGenerationProgramParams,
        response: { 200: PanGenerationSetup, ...refusals },
      },
      config: { access: BULK },
    },
    (req) => getGenerationSetup(req.ctx, req.params.programId),
  );

  app.post(
    '/account-api/pans/gen/printed',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Generate printed PANs: 'New Pans have been generated.'; 409 while a generation is in process for the " +
          'program, 422 when the count available changed',
        body: BulkPanGenerationBody,
        response: { 200: BulkPanGenerated, ...refusals, 409: ErrorBody, 422: ErrorBody },
      },
      config: { access: BULK },
    },
    (req) => generatePrintedPans(req.ctx, req.body),
  );

  app.get(
    '/account-api/pans/printed',
    {
      schema: {
        tags,
        summary: 'The printed PANs of a program not yet assigned, newest first, paged (masked)',
        querystring: PrintedPanQuery,
        response: { 200: PrintedPanPage, ...refusals },
      },
      config: { access: BULK },
    },
    (req) => listPrintedPans(req.ctx, req.query),
  );

  app.get(
    '/benefit-api/pans/qrcode/pdfs/:panGenId',
    {
      // No HEAD twin: Fastify's HEAD handler drains the GET's stream, which would end the generation's in-process
      // state (and cost a whole render) without delivering a single card.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          "A generation's QR cards as one PDF, streamed; the first time it ends the generation's in-process state",
        params: PanGenerationParams,
        response: pdf,
      },
      config: { access: BULK },
    },
    (req, reply) => generationPdf(req.ctx, reply, req.params.panGenId),
  );

  app.get(
    '/account-api/pans/currentuser',
    {
      schema: {
        tags,
        summary: "The recipient's own cards, masked, with Lock / Unlock and lost or stolen reports",
        response: { 200: RecipientCards, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => listMyCards(req.ctx),
  );

  app.patch(
    '/account-api/pans/currentuser/:panId',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary: "Lock, unlock, or report lost or stolen one of the recipient's own cards",
        params: PanIdParams,
        body: CardActionBody,
        response: { 200: CardChanged, ...refusals, 422: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => changeMyCard(req.ctx, req.params.panId, req.body),
  );
});
