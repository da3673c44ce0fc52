import { Card } from '@mantine/core';
import { Page } from '../../components/Page';
import type { StaffBase } from '../../lib/staff-base';
import { BackLink } from '../../components/BackLink';
import { MerchantAddForm } from './components/MerchantAddForm';

/** `{base}/merchant/add` (B§2 "Merchant add form"): the add form, with a way back to the search. */
export default function MerchantAddPage({ base }: { base: StaffBase }) {
  return (
    <Page
      title="New Merchant"
      actions={
        <BackLink to={`/${base}/merchants`} resultsLabel="Back to results">
          Merchant search
        </BackLink>
      }
    >
      <Card withBorder padding="lg" maw={960}>
        <MerchantAddForm base={base} />
      </Card>
    </Page>
  );
}
