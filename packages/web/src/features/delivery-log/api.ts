import { outboxApi } from '@ebt/core/outbox';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../lib/endpoint-client';
import { DELIVERY_PAGE_SIZE, type DeliveryLogFilters } from './labels';

// The delivery log's reads, through their contracts: a page of GET /admin-api/outbox, and how many messages the
// filters match (the list answers a bare array). The page shown stays while the next loads, so the table does not jump.

export function useDeliveryLog(filters: DeliveryLogFilters) {
  return useQuery({
    ...endpointQuery(outboxApi.messages, {
      query: {
        limit: DELIVERY_PAGE_SIZE,
        page: filters.page,
        ...(filters.channel ? { channel: filters.channel } : {}),
        ...(filters.status ? { status: filters.status } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
}

/** How many messages the filters match (up to the server's cap), for the pager. */
export function useDeliveryCount(filters: DeliveryLogFilters) {
  return useQuery({
    ...endpointQuery(outboxApi.messageCount, {
      query: {
        ...(filters.channel ? { channel: filters.channel } : {}),
        ...(filters.status ? { status: filters.status } : {}),
      },
    }),
    placeholderData: keepPreviousData,
  });
}
