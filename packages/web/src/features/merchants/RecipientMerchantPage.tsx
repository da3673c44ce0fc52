import { MERCHANT_MESSAGES, type MerchantAddress } from '@ebt/core/merchants';
import { Anchor, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { displayPhone } from '../../lib/person';
import { useMerchant } from './api';
import { useI18n } from '../../lib/i18n';

const addressText = (a: MerchantAddress | null) =>
  a ? [a.addressOne, a.addressTwo, `${a.city}, ${a.stateCode} ${a.zipcode}`].filter(Boolean).join(', ') : null;

/**
 * `/recipient/merchant/{id}` (A§2, A§7, resolution 10): the public fields of an active merchant of the recipient's
 * programs, with a link to the merchant locator centred on it. Any other merchant is the server's 404.
 */
export default function RecipientMerchantPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const merchant = useMerchant(id);
  if (merchant.isPending)
    return (
      <Page title={t('transactions.merchant')}>
        <LoadingStatus label={t('merchants.loadingOne')} />
      </Page>
    );
  if (merchant.isError)
    return (
      <Page title={t('transactions.merchant')}>
        <MessageBanner
          kind="warning"
          messages={
            isApiError(merchant.error, 404) ? MERCHANT_MESSAGES.MERCHANT_NOT_FOUND : errorMessagesOf(merchant.error)
          }
        />
      </Page>
    );
  const m = merchant.data;
  const point =
    m.latitude != null && m.longitude != null
      ? `?lat=${m.latitude}&lng=${m.longitude}&name=${encodeURIComponent(m.merchantName)}`
      : null;
  return (
    <Page title={m.merchantName}>
      <Stack gap="lg">
        <DetailSection title={t('transactions.merchant')}>
          <FieldList>
            <ReadOnlyField label={t('merchants.name')} value={m.merchantName} />
            <ReadOnlyField label={t('merchants.address')} value={addressText(m.physicalAddress ?? m.addressInfo)} />
            <ReadOnlyField
              label={t('application.phone')}
              value={m.businessPhone ? displayPhone(m.businessPhone) : null}
            />
            <ReadOnlyField label={t('kit.mobilePhone')} value={m.mobilePhone ? displayPhone(m.mobilePhone) : null} />
            <ReadOnlyField label={t('kit.email')} value={m.email} />
            <ReadOnlyField
              label={t('merchants.programs')}
              value={m.merchantPrograms.map((p) => p.programName).join(', ')}
            />
          </FieldList>
          {point && (
            <Anchor component={Link} to={`/recipient/merchantlocator${point}`}>
              {t('merchants.showOnLocator')}
            </Anchor>
          )}
        </DetailSection>
      </Stack>
    </Page>
  );
}
