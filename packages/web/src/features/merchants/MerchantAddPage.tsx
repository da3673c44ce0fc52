import { Card } from '@mantine/core';
import { Page } from '../../components/Page';
import type { StaffBase } from './api';
import { BackToSearch } from './components/BackToSearch';
import { MerchantAddForm } from './components/MerchantAddForm';

/** `{base}/merchant/add` (B§2 "Merchant add form"): the add form, with a way back to the search. */
export default function MerchantAddPage({ base }: { base: StaffBase }) {
  return (
    <Page title="New Merchant" actions={<BackToSearch base={base} />}>
      <Card withBorder padding="lg" maw={960}>
        <MerchantAddForm base={base} />
      </Card>
    </Page>
  );
}
