import { lazy, Suspense, type ComponentProps } from 'react';

// The cards page's section and the staff PANs page's list load with those pages, not with the recipient home, which
// imports this feature for its 'Pay with this phone' button (decision 0105: the home's bytes count).

const LazyPayCardsSection = lazy(() =>
  import('./PayCardsSection').then((module) => ({ default: module.PayCardsSection })),
);
const LazyStaffCardDevices = lazy(() =>
  import('./StaffCardDevices').then((module) => ({ default: module.StaffCardDevices })),
);

/** The recipient's cards with 'Pay with this phone' and their phones (PayCardsSection), loaded on demand. */
export function PayCardsSection() {
  return (
    <Suspense fallback={null}>
      <LazyPayCardsSection />
    </Suspense>
  );
}

/** The phones of a recipient's PANs on the staff PANs page (StaffCardDevices), loaded on demand. */
export function StaffCardDevices(props: ComponentProps<typeof LazyStaffCardDevices>) {
  return (
    <Suspense fallback={null}>
      <LazyStaffCardDevices {...props} />
    </Suspense>
  );
}
