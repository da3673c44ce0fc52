import { farmerApi, type FarmerSalesExportQuery, type FarmerSalesQuery } from '@ebt/core/farmer';
import type { Language } from '@ebt/core/languages';
import { posApi } from '@ebt/core/pos';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFrom } from '../../lib/download';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';
import { basicAuthorization, newTraceNumber, type PhoneCredential, terminalDateTime } from '../../lib/phone-terminal';

/** The merchants the signed-in farmer user sells for, with their programs. Read once a session (they rarely change). */
export function useFarmerMerchants() {
  return useQuery({ ...endpointQuery(farmerApi.merchants, {}), staleTime: 5 * 60_000 });
}

// The portal's reads, each for one merchant of the caller (the server answers 404 for any other).

export function useFarmerToday(merchantUuid: string | undefined) {
  return useQuery({
    ...endpointQuery(farmerApi.today, { params: { merchantUuid: merchantUuid ?? '' } }),
    enabled: Boolean(merchantUuid),
    retry: false,
  });
}

export function useFarmerSales(merchantUuid: string | undefined, query: FarmerSalesQuery) {
  return useQuery({
    ...endpointQuery(farmerApi.sales, { params: { merchantUuid: merchantUuid ?? '' }, query }),
    enabled: Boolean(merchantUuid),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useFarmerPayouts(merchantUuid: string | undefined) {
  return useQuery({
    ...endpointQuery(farmerApi.payouts, { params: { merchantUuid: merchantUuid ?? '' } }),
    enabled: Boolean(merchantUuid),
    retry: false,
  });
}

export function useFarmerBusiness(merchantUuid: string | undefined) {
  return useQuery({
    ...endpointQuery(farmerApi.business, { params: { merchantUuid: merchantUuid ?? '' } }),
    enabled: Boolean(merchantUuid),
    retry: false,
  });
}

/** The sales export (CSV, or XLSX) of the range and filters shown, saved as a file. */
export const downloadSales = (merchantUuid: string, query: FarmerSalesExportQuery, fallbackName: string) =>
  downloadFrom(farmerApi.exportSales, { params: { merchantUuid }, query }, fallbackName);

/** The merchant's statement of a batch (settlement's PDF) in the page's language, saved as a file. */
export const downloadStatement = (merchantUuid: string, batchUuid: string, lang: Language, fallbackName: string) =>
  downloadFrom(farmerApi.statement, { params: { merchantUuid, batchUuid }, query: { lang } }, fallbackName);

/**
 * A refund of part or all of a purchase, from this phone as its terminal (the engine's refund; HTTP Basic with the
 * phone's credential, never the session). The engine answers approved or why not.
 */
export const sendRefund = (credential: PhoneCredential, trxUuid: string, amount: number) =>
  callEndpoint(
    posApi.refund,
    {
      body: {
        amount,
        original: { trxUuid },
        traceNumber: newTraceNumber(),
        terminalDateTime: terminalDateTime(),
      },
    },
    { authorization: basicAuthorization(credential), allowUnauthorized: true },
  );

/** A void: the engine's reversal of this phone's sale, within its window (only the terminal that sold may). */
export const sendVoid = (credential: PhoneCredential, trxUuid: string) =>
  callEndpoint(
    posApi.reversal,
    { body: { original: { trxUuid }, terminalDateTime: terminalDateTime() } },
    { authorization: basicAuthorization(credential), allowUnauthorized: true },
  );

/** After a refund or a void: the lists and the day's figures read again. */
export function useRefreshSales() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: endpointKey(farmerApi.sales) }),
      queryClient.invalidateQueries({ queryKey: endpointKey(farmerApi.today) }),
    ]);
}
