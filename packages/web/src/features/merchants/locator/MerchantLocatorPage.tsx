import { MAP_ZOOM_LOCATOR } from '@ebt/core/constants';
import type { LocatorRadius } from '@ebt/core/constants';
import { firstLocatorRadius, MERCHANT_MESSAGES, widerLocatorRadius, type LocatorStart } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCurrentLocation, IconSearch } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable';
import { MapView, type MapMarker } from '../../../components/MapView';
import { isDrawable } from '../../../components/MapView.markers';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { errorMessagesOf } from '../../../lib/errors';
import { useI18n } from '../../../lib/i18n';
import { useGeocode, useLocatorMerchants, useLocatorStart, type MapPoint } from './api';
import {
  addressLine,
  formatMiles,
  markerLabel,
  numberMerchants,
  pageRows,
  phoneText,
  type NumberedMerchant,
} from './locator-list';
import { useBrowserPosition } from './use-browser-position';

/** B§2: the list shows 10 merchants a page, and the map the same 10. */
const PAGE_SIZE = 10;

/** The list's columns, headed in the page's language. */
const columns = (t: TFunction): DataTableColumn<NumberedMerchant>[] => [
  { key: 'number', header: t('locator.number'), label: t('locator.numberLabel'), render: (row) => String(row.number) },
  { key: 'merchantName', header: t('locator.name') },
  { key: 'address', header: t('locator.address'), render: addressLine },
  {
    key: 'mobilePhone',
    header: t('locator.phone'),
    render: (row) =>
      row.mobilePhone ? (
        // A phone number reads badly broken over lines.
        <Anchor href={`tel:${row.mobilePhone}`} style={{ whiteSpace: 'nowrap' }}>
          {phoneText(row)}
        </Anchor>
      ) : (
        ''
      ),
  },
  {
    key: 'email',
    header: t('locator.email'),
    render: (row) => (row.email ? <Anchor href={`mailto:${row.email}`}>{row.email}</Anchor> : ''),
  },
  { key: 'distance', header: t('locator.distance'), align: 'right', render: (row) => formatMiles(row.distance, t) },
];

/** A searched place replaces the browser's position until 're-centre on me'. */
interface SearchedPlace {
  point: MapPoint;
  /** The place's name; none for a centre given without one ('the chosen place' in the page's language). */
  label: string | null;
}

/**
 * A centre given in the address (`?lat=&lng=&name=`): the recipient's merchant detail opens the locator on its
 * merchant. Anything not a coordinate is ignored.
 */
function placeFromParams(params: URLSearchParams): SearchedPlace | null {
  const latitude = Number(params.get('lat'));
  const longitude = Number(params.get('lng'));
  if (!params.get('lat') || !params.get('lng') || !Number.isFinite(latitude) || !Number.isFinite(longitude))
    return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { point: { latitude, longitude }, label: (params.get('name') ?? '').slice(0, 100) || null };
}

/** What the first view's starting point is called on the screen (the server says which it is). */
function startName(origin: LocatorStart['origin'], t: TFunction): string {
  if (origin.source === 'home') return t('locator.yourZip', { place: origin.label ?? '' });
  if (origin.source === 'program') return t('locator.programArea');
  return t('locator.defaultLocation');
}

/**
 * `/{recipient,program,admin}/merchantlocator` (B§2 "Merchant locator", B§7, B§9 zoom 10): the merchants the caller
 * may see, nearest first, around the browser's position, or around a place searched by name (city, ZIP code,
 * 'City, ST', or a street address when the server has a street geocoder). Until the browser gives a position (or when
 * it will not: 'Unable to determine current location.') the first view is the server's starting point: a recipient's
 * own ZIP code, staff their programs' area (decision 0114). The list starts at the smallest radius step holding the
 * nearest merchant; 'Search a wider area' takes the next step, up to the locator's reach of 100 miles. The map shows
 * the current page's merchants as numbered pins; the list below it is the accessible alternative, and choosing a
 * row pans the map to its pin. On a phone the list sits under the map.
 */
export default function MerchantLocatorPage() {
  const { t, m } = useI18n();
  const { position, locate } = useBrowserPosition();
  const [params] = useSearchParams();
  const [searched, setSearched] = useState<SearchedPlace | null>(() => placeFromParams(params));
  const [query, setQuery] = useState('');
  const [queryError, setQueryError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const geocode = useGeocode();
  const headingId = useId();

  // The first view: no place searched and no position from the browser (not yet, or not at all).
  const firstView = !searched && position.status !== 'found';
  const start = useLocatorStart(firstView);
  const startPoint = start.data && { latitude: start.data.origin.latitude, longitude: start.data.origin.longitude };
  const point = searched?.point ?? (position.status === 'found' ? position.point : (startPoint ?? null));
  const merchants = useLocatorMerchants(firstView ? null : point);
  const answer = firstView ? start : merchants;
  // Every merchant within the locator's reach; the list shows those within `radius`.
  const reach = firstView ? start.data?.merchants : merchants.data;
  const pointKey = point ? `${point.latitude},${point.longitude}` : '';
  const [wider, setWider] = useState<{ at: string; radius: LocatorRadius } | null>(null);
  const radius = wider?.at === pointKey ? wider.radius : firstLocatorRadius(reach?.[0]?.distance);
  const nextRadius = widerLocatorRadius(radius);
  const rows = useMemo(() => numberMerchants((reach ?? []).filter((row) => row.distance <= radius)), [reach, radius]);
  const shown = pageRows(rows, page, PAGE_SIZE);

  const markers: MapMarker[] = shown
    .filter((row) => isDrawable(row.latitude, row.longitude))
    .map((row) => ({
      key: row.merchantUuid,
      position: [row.latitude!, row.longitude!],
      text: String(row.number),
      label: markerLabel(row, t),
      popup: (
        <Stack gap={2}>
          <Text fw={700} fz="sm">
            {row.number}. {row.merchantName}
          </Text>
          <Text fz="sm">{addressLine(row)}</Text>
          <Text fz="sm">{formatMiles(row.distance, t)}</Text>
        </Stack>
      ),
    }));

  const placeName = searched
    ? (searched.label ?? t('locator.chosenPlace'))
    : position.status === 'found'
      ? t('locator.yourLocation')
      : start.data
        ? startName(start.data.origin, t)
        : null;

  const widen = () => {
    if (!nextRadius) return;
    setWider({ at: pointKey, radius: nextRadius });
    setPage(0);
    setSelected(null);
  };

  /** A new centre: the list starts again at its first page and no row is chosen. */
  const moveTo = (next: SearchedPlace | null) => {
    setSearched(next);
    setPage(0);
    setSelected(null);
  };

  const queryRef = useRef<HTMLInputElement>(null);
  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotFound(false);
    const q = query.trim();
    if (!q) {
      // The server's own text for an empty search (GeocodeQuery); nothing is sent.
      setQueryError(MERCHANT_MESSAGES.LOCATION_TEXT_REQUIRED);
      // The focus goes to the field in error, as every form of the kit does.
      queryRef.current?.focus();
      return;
    }
    setQueryError(null);
    try {
      const places = await geocode.mutateAsync(q);
      const best = places[0];
      if (!best) {
        setNotFound(true);
        return;
      }
      moveTo({ point: { latitude: best.latitude, longitude: best.longitude }, label: best.label });
    } catch {
      // The banner below says why (geocode.error).
    }
  };

  const recentre = () => {
    setNotFound(false);
    geocode.reset();
    moveTo(null);
    locate();
  };

  return (
    <Page title={t('locator.title')}>
      <form role="search" aria-label={t('locator.searchLabel')} onSubmit={(event) => void search(event)} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('locator.location')}
            description={t('locator.locationHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              setQueryError(null);
            }}
            error={queryError && m(queryError)}
            ref={queryRef}
            maxLength={100}
            autoComplete="off"
            style={{ flex: '1 1 16rem' }}
          />
          <Group gap="sm" mt={{ base: 0, xs: 25 }}>
            <Button type="submit" loading={geocode.isPending} leftSection={<IconSearch aria-hidden size={16} />}>
              {t('locator.search')}
            </Button>
            <Button
              variant="default"
              onClick={recentre}
              loading={!searched && position.status === 'locating'}
              leftSection={<IconCurrentLocation aria-hidden size={16} />}
            >
              {t('locator.recentre')}
            </Button>
          </Group>
        </Group>
      </form>

      {notFound && <MessageBanner kind="warning" messages={MESSAGES.LOCATION_NOT_FOUND} />}
      {geocode.isError && <MessageBanner kind="danger" messages={errorMessagesOf(geocode.error)} />}
      {!searched && position.status === 'failed' && (
        <MessageBanner kind="warning" messages={MESSAGES.LOCATION_UNAVAILABLE} />
      )}

      <Text role="status" aria-live="polite">
        {placeName ? t('locator.showingNear', { place: placeName }) : t('locator.finding')}
        {placeName && answer.isSuccess && ` ${t('locator.within', { miles: radius })}`}
      </Text>

      {point && (
        <MapView
          center={[point.latitude, point.longitude]}
          zoom={MAP_ZOOM_LOCATOR}
          label={t('locator.mapLabel', { place: placeName ?? t('locator.you') })}
          origin={[point.latitude, point.longitude]}
          markers={markers}
          selectedKey={selected}
          onMarkerSelect={setSelected}
        />
      )}

      <Stack gap="sm" component="section" aria-labelledby={headingId}>
        <Title order={2} id={headingId}>
          {t('locator.nearby')}
        </Title>
        {answer.isError && <MessageBanner kind="danger" messages={MESSAGES.MERCHANTS_UNAVAILABLE} />}
        {point && !answer.isError && (
          <DataTable
            columns={columns(t)}
            rows={rows}
            rowKey={(row) => row.merchantUuid}
            caption={t('locator.caption')}
            pageSize={PAGE_SIZE}
            clientPaging={{
              page,
              onPageChange: (next) => {
                setPage(next);
                setSelected(null);
              },
            }}
            onRowClick={(row) => setSelected(row.merchantUuid)}
            rowLabel={(row) => t('locator.rowLabel', { number: row.number, name: row.merchantName })}
            emptyMessage={answer.isSuccess ? MESSAGES.NO_MERCHANTS_FOUND : undefined}
            loading={answer.isPending}
          />
        )}
        {point && answer.isSuccess && nextRadius && (
          <Group>
            <Button variant="default" onClick={widen}>
              {t('locator.wider', { miles: nextRadius })}
            </Button>
          </Group>
        )}
      </Stack>
    </Page>
  );
}
