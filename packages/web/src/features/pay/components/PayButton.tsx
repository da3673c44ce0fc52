import { Button } from '@mantine/core';
import { IconQrcode } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useI18n } from '../../../lib/i18n';

/** 'Pay with this phone' for one card: opens its Pay screen (decision 0108). */
export function PayButton({ panId, last4 }: { panId: number; last4: string }) {
  const { t } = useI18n();
  return (
    <Button
      component={Link}
      to={`/recipient/pay/${panId}`}
      leftSection={<IconQrcode aria-hidden size={20} />}
      aria-label={t('pay.payWithCard', { last4 })}
    >
      {t('pay.payButton')}
    </Button>
  );
}
