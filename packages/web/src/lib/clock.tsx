import type { CurrentUser } from '@ebt/core/auth';
import { timeZoneName } from '@ebt/core/format';
import { Text } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useI18n } from './i18n';
import { useOptionalSessionUser } from './session-user';
import { portalTimeZone } from './time-zone';

// One clock (docs/decisions/0115): every time a screen shows is on the wall clock of the program it belongs to,
// whatever zone the browser is in, so a staff member in another state, a shared kiosk set to UTC and the statement PDF
// all say 18:00 for the same sale. A page about one program's record scopes its times to that program; elsewhere the
// area's clock is the one zone all the user's programs share, else the portal's. The page says once which zone it
// used.

const ZoneContext = createContext<string | null>(null);
const ShownContext = createContext<((zone: string) => void) | null>(null);

/** The zone of an area: the one zone all the user's programs share, else the portal's (a user of several states). */
export function areaTimeZone(user: Pick<CurrentUser, 'programs'> | null): string {
  const zones = new Set((user?.programs ?? []).map((p) => p.timeZone).filter(Boolean));
  return zones.size === 1 ? [...zones][0]! : portalTimeZone();
}

/** The zone the times of this part of the page are shown in. */
export function useTimeZone(): string {
  const scoped = useContext(ZoneContext);
  const user = useOptionalSessionUser();
  return useMemo(() => scoped ?? areaTimeZone(user), [scoped, user]);
}

/** The zone of one program of the session (its records' times), else the area's. */
export function useProgramTimeZone(programUuid: string | null | undefined): string {
  const area = useTimeZone();
  const user = useOptionalSessionUser();
  return user?.programs.find((p) => p.programUuid === programUuid)?.timeZone ?? area;
}

/** Shows the times inside on `zone`'s clock. */
export function TimeZoneScope({ zone, children }: { zone: string; children: ReactNode }) {
  return <ZoneContext.Provider value={zone}>{children}</ZoneContext.Provider>;
}

/** Shows the times inside on the clock of the program (a batch's, a transaction's). */
export function ProgramTimeZone({
  programUuid,
  children,
}: {
  programUuid: string | null | undefined;
  children: ReactNode;
}) {
  const zone = useProgramTimeZone(programUuid);
  return <TimeZoneScope zone={zone}>{children}</TimeZoneScope>;
}

/** Tells the page a time was shown on `zone`'s clock, so the page can say so once. */
export function useTimeShownIn(zone: string, shown: boolean): void {
  const note = useContext(ShownContext);
  useEffect(() => {
    if (shown && note) note(zone);
  }, [note, zone, shown]);
}

/**
 * A page's content, followed by one line naming the zones its times were shown in, when it showed any. `page` (the
 * path) starts the list afresh on another page; the times of a page that stays mounted tell it again, because the
 * callback they were given changes with the page.
 */
export function TimesShown({ page, children }: { page: string; children: ReactNode }) {
  const [shown, setShown] = useState<{ page: string; zones: readonly string[] }>({ page, zones: [] });
  const note = useCallback(
    (zone: string) =>
      setShown((known) =>
        known.page !== page
          ? { page, zones: [zone] }
          : known.zones.includes(zone)
            ? known
            : { page, zones: [...known.zones, zone] },
      ),
    [page],
  );
  const zones = shown.page === page ? shown.zones : [];
  return (
    <ShownContext.Provider value={note}>
      {children}
      {zones.length > 0 && <TimeZoneNote zones={zones} />}
    </ShownContext.Provider>
  );
}

function TimeZoneNote({ zones }: { zones: readonly string[] }) {
  const { t, locale } = useI18n();
  const names = zones.map((zone) => timeZoneName(zone, locale));
  const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  return (
    <Text size="sm" c="dimmed" mt="xl" data-testid="time-zone-note">
      {t('kit.timesShownIn', { zones: list })}
    </Text>
  );
}
