import { z } from 'zod';
import { ErrorBody } from '@ebt/core/errors';
import {
  AddExternalCardBody,
  ExternalCard,
  ExternalCardAccountParams,
  ExternalCardList,
  ExternalCardParams,
  UpdateExternalCardBody,
} from '@ebt/core/external-cards';
import { PRIVILEGE } from '@ebt/core/privileges';
import { privileges, STAFF } from '../../platform/access.js';
import { defineRoutes, JSON_BODY_LIMIT } from '../../platform/routes.js';
import { attachExternalCard } from './add.js';
import { deleteExternalCard, updateExternalCard } from './change.js';
import { getOwnExternalCard, listAccountExternalCards, listOwnExternalCards } from './list.js';

// External EBT cards (A§7 "Recipient portal", B§7 "External cards"; docs/decisions/0038 and 0039). Recipients list,
// attach, edit and remove their own cards; staff only read one recipient's cards (they cannot attach: the POST needs
// RECIPIENT_ACCESS). Every answer carries the number masked ('*' and the last four), never more.
const tags = ['external-cards'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);

export default defineRoutes((app) => {
  // A fixed segment beside /:id: the router prefers it (platform/route-conflicts.test.ts).
  app.get(
    '/account-api/external-pan/all',
    {
      schema: {
        tags,
        summary: "The signed-in recipient's external EBT cards in all their programs (up to 1000)",
        response: { 200: ExternalCardList, 401: ErrorBody, 403: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => listOwnExternalCards(req.ctx),
  );

  app.get(
    '/account-api/external-pan/all/:id',
    {
      schema: {
        tags,
        summary:
          "One recipient account's external EBT cards, read-only; 404 when the account is outside the caller's scope",
        params: ExternalCardAccountParams,
        response: { 200: ExternalCardList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access: STAFF },
    },
    (req) => listAccountExternalCards(req.ctx, req.params.id),
  );

  app.get(
    '/account-api/external-pan/:id',
    {
      schema: {
        tags,
        summary: "One of the signed-in recipient's cards; another person's answers 404",
        params: ExternalCardParams,
        response: { 200: ExternalCard, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => getOwnExternalCard(req.ctx, req.params.id),
  );

  app.post(
    '/account-api/external-pan',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Attach a card (16-19 digits passing Luhn) to the recipient in one of their programs; 409 when another person ' +
          'holds the number or it is already in that program',
        body: AddExternalCardBody,
        response: { 201: ExternalCard, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    async (req, reply) => reply.status(201).send(await attachExternalCard(req.ctx, req.body)),
  );

  app.put(
    '/account-api/external-pan/:id',
    {
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Change a card: name, type, status (1 active, 2 inactive); a full pan replaces the number, the masked one ' +
          "or none keeps it; programUuid moves it to another of the recipient's programs",
        params: ExternalCardParams,
        body: UpdateExternalCardBody,
        response: { 200: ExternalCard, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    (req) => updateExternalCard(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/account-api/external-pan/:id',
    {
      schema: {
        tags,
        summary: "Remove one of the signed-in recipient's cards",
        params: ExternalCardParams,
        response: { 204: z.null(), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
      config: { access: RECIPIENT },
    },
    async (req, reply) => {
      await deleteExternalCard(req.ctx, req.params.id);
      return reply.status(204).send(null);
    },
  );
});
