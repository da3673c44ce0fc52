import { maskPan } from '@ebt/core/format';
import { type ExternalCard, externalPanStatusDescr, externalPanTypeDescr } from '@ebt/core/external-cards';
import type { ExternalPanStatus, ExternalPanType } from '@ebt/core/enums';
import type { CardRow } from './queries.js';

/**
 * A card as every answer shows it (B§3). The number is built from the stored last four alone: the sealed number is
 * never read for an answer, so no answer can carry it (the ExternalCard schema refuses anything but '*' and four
 * digits as well).
 */
export function cardWire(row: CardRow): ExternalCard {
  return {
    externalPanId: row.uuid,
    pan: maskPan(row.panLast4),
    name: row.name,
    programUuid: row.programUuid,
    programName: row.programName,
    externalPanType: { externalPanTypeId: row.typeId as ExternalPanType, descr: externalPanTypeDescr(row.typeId) },
    externalPanStatus: {
      externalPanStatusId: row.statusId as ExternalPanStatus,
      descr: externalPanStatusDescr(row.statusId),
    },
  };
}

/**
 * What the audit row keeps of a card: never the number, only its masked form (B§9). The audit drops every field whose
 * name holds 'pan' (platform/audit.ts), so the type and status go under names without it.
 */
export function cardAuditView(row: Pick<CardRow, 'name' | 'typeId' | 'statusId' | 'programUuid' | 'panLast4'>) {
  return {
    name: row.name,
    cardTypeId: row.typeId,
    cardStatusId: row.statusId,
    programUuid: row.programUuid,
    maskedNumber: maskPan(row.panLast4),
  };
}

export const ENTITY = 'external_card';
