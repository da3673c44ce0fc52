import type { ExternalCard } from '@ebt/core/external-cards';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { MaskedPan } from '../../../components/MaskedPan';

/** B§2: each card list shows card name, pan (masked), type, status, program. */
const COLUMNS: DataTableColumn<ExternalCard>[] = [
  { key: 'name', header: 'Card Name' },
  { key: 'pan', header: 'Card Number', render: (c) => <MaskedPan pan={c.pan} /> },
  { key: 'type', header: 'Type', render: (c) => c.externalPanType.descr },
  { key: 'status', header: 'Status', render: (c) => c.externalPanStatus.descr },
  { key: 'programName', header: 'Program' },
];

export interface CardTableProps {
  cards: readonly ExternalCard[];
  caption: string;
  /** The list's empty text (A§8): the recipient's own or an account's. */
  emptyMessage: string;
  /** Rows open the card's edit screen (the recipient's list); the staff view is read-only. */
  onOpen?: (card: ExternalCard) => void;
  page: number;
  onPageChange: (page: number) => void;
}

/** The cards, 10 a page (B§9), fetched whole (up to 1000) and paged on screen. */
export function CardTable({ cards, caption, emptyMessage, onOpen, page, onPageChange }: CardTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={cards}
      rowKey={(c) => c.externalPanId}
      onRowClick={onOpen}
      rowLabel={onOpen ? (c) => `Edit card ${c.name}` : undefined}
      emptyMessage={emptyMessage}
      clientPaging={{ page, onPageChange }}
    />
  );
}
