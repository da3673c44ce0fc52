import type { ExternalCard } from '@ebt/core/external-cards';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { MaskedPan } from '../../../components/MaskedPan';
import type { TFunction } from 'i18next';
import { useI18n } from '../../../lib/i18n';

/** B§2: each card list shows card name, pan (masked), type, status, program. */
const columns = (t: TFunction): DataTableColumn<ExternalCard>[] => [
  { key: 'name', header: t('cards.cardName') },
  { key: 'pan', header: t('cards.cardNumber'), render: (c) => <MaskedPan pan={c.pan} /> },
  { key: 'type', header: t('cards.type'), render: (c) => c.externalPanType.descr },
  {
    key: 'status',
    header: t('cards.statusHeader'),
    render: (c) => t(`cards.external${c.externalPanStatus.descr}`, c.externalPanStatus.descr),
  },
  { key: 'programName', header: t('benefits.program') },
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
  const { t } = useI18n();
  return (
    <DataTable
      caption={caption}
      columns={columns(t)}
      rows={cards}
      rowKey={(c) => c.externalPanId}
      onRowClick={onOpen}
      rowLabel={onOpen ? (c) => t('cards.editCard', { name: c.name }) : undefined}
      emptyMessage={emptyMessage}
      clientPaging={{ page, onPageChange }}
    />
  );
}
