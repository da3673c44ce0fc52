import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';

/** The recipient's way back to their card list from the add and edit screens. */
export function BackToCards() {
  const { t } = useI18n();
  return (
    <Anchor component={Link} to="/recipient/ebtcards" fz="sm">
      <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} /> {t('cards.backToCards')}
    </Anchor>
  );
}
