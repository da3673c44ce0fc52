import { DELIVERY_CHANNELS, DELIVERY_STATUSES, type DeliveryChannel, type DeliveryStatus } from '@ebt/core/outbox';

import { WARNING_BADGE_COLOR } from '../../components/badge-colors';

// The delivery log's words (a staff screen: English, docs/i18n.md) and the URL's filters.

export const STATUS_LABEL: Readonly<Record<DeliveryStatus, string>> = {
  queued: 'Queued',
  sent: 'Sent',
  retrying: 'Retrying',
  failed: 'Failed',
};

/** Filled badges whose white text passes WCAG AA on each colour. */
export const STATUS_COLOR: Readonly<Record<DeliveryStatus, string>> = {
  queued: 'gray.8',
  sent: 'brand.7',
  retrying: WARNING_BADGE_COLOR,
  failed: 'red.9',
};

export const CHANNEL_LABEL: Readonly<Record<DeliveryChannel, string>> = { email: 'E-mail', sms: 'Text (SMS)' };

export const CHANNEL_OPTIONS = DELIVERY_CHANNELS.map((value) => ({ value, label: CHANNEL_LABEL[value] }));
export const STATUS_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: STATUS_LABEL[value] }));

/** Messages a page shows. */
export const DELIVERY_PAGE_SIZE = 25;

export interface DeliveryLogFilters {
  channel?: DeliveryChannel;
  status?: DeliveryStatus;
  page: number;
}

/** The filters the URL names; anything else (a hand-typed address) is dropped, not sent to be refused. */
export function filtersOf(params: URLSearchParams): DeliveryLogFilters {
  const channel = params.get('channel');
  const status = params.get('status');
  const page = Number(params.get('page') ?? '0');
  return {
    ...(DELIVERY_CHANNELS.includes(channel as DeliveryChannel) ? { channel: channel as DeliveryChannel } : {}),
    ...(DELIVERY_STATUSES.includes(status as DeliveryStatus) ? { status: status as DeliveryStatus } : {}),
    page: Number.isInteger(page) && page >= 0 && page <= 100_000 ? page : 0,
  };
}

/** The URL's search of the filters (page 0 and empty filters left out). */
export function searchOf(filters: DeliveryLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 0) params.set('page', String(filters.page));
  return params;
}
