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

const addressText = (a: MerchantAddress | null) =>
  a ? [a.addressOne, a.addressTwo, `${a.city}, ${a.stateCode} ${a.zipcode}`].filter(Boolean).join(', ') : null;

/**
 * `/recipient/merchant/{id}` (A§2, A§7, resolution 10): the public fields of an active merchant of the recipient's
 * programs, with a link to the merchant locator centred on it. Any other merchant is the server's 404.
 */
export default function RecipientMerchantPage() {
  const { id = '' } = useParams();
  const merchant = useMerchant(id);
  if (merchant.isPending)
    return (
      <Page title="Merchant">
        <LoadingStatus label="Loading the merchant" />
      </Page>
    );
  if (merchant.isError)
    return (
      <Page title="Merchant">
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
        <DetailSection title="Merchant">
          <FieldList>
            <ReadOnlyField label="Name" value={m.merchantName} />
            <ReadOnlyField label="Address" value={addressText(m.physicalAddress ?? m.addressInfo)} />
            <ReadOnlyField label="Phone" value={m.businessPhone ? displayPhone(m.businessPhone) : null} />
            <ReadOnlyField label="Mobile phone" value={m.mobilePhone ? displayPhone(m.mobilePhone) : null} />
            <ReadOnlyField label="E-mail" value={m.email} />
            <ReadOnlyField label="Programs" value={m.merchantPrograms.map((p) => p.programName).join(', ')} />
          </FieldList>
          {point && (
            <Anchor component={Link} to={`/recipient/merchantlocator${point}`}>
              Show on the merchant locator
            </Anchor>
          )}
        </DetailSection>
      </Stack>
    </Page>
  );
}
