import { BENEFIT_EXPORT_ROW_CAP, BENEFIT_SEARCH_COUNT_CAP, benefitApi } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ExportButtons } from '../../components/ExportButtons';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useCallerPrograms } from '../../lib/lookups';
import type { StaffBase } from '../../lib/staff-base';
import { useBenefitSearch } from './api';
import { BenefitSearchForm } from './components/BenefitSearchForm';
import { BenefitTable } from './components/BenefitTable';
import { paramsOfSearch, useUrlCriteria } from '../../lib/url-criteria';
import { BENEFIT_URL_CRITERIA, EMPTY_CRITERIA, searchRequest, type BenefitCriteria } from './criteria';
import { programToday } from './dates';

export interface BenefitAreaProps {
  /** The portal the screen is in: links stay inside it (A§2 `{base}`). */
  area: StaffBase;
}

/**
 * `{base}/benefits` and `{base}/benefits/{recipientId}` (A§2 Benefit list): the criteria live in the URL, the list
 * is searched at once (on the recipient route with that Account ID) and paged by the server, 10 rows a page. A row
 * opens the benefit; Issue Benefit (with the recipient when there is one) and, on the program side only, Import
 * Benefits lead on; the current search exports as CSV or Excel.
 */
export default function BenefitSearchPage({ area }: BenefitAreaProps) {
  const base = `/${area}`;
  const { recipientId } = useParams();
  const { search: shown, setParams } = useUrlCriteria(BENEFIT_URL_CRITERIA);
  const navigate = useNavigate();
  // On `{base}/benefits/{recipientId}` (A§2, the recipient detail's benefits link) the path's Account ID fills the
  // field unless the query names another.
  const criteria = { ...(shown?.criteria ?? EMPTY_CRITERIA) };
  if (recipientId && !criteria.accountId) criteria.accountId = recipientId;
  // The server bounds the dates by today in the searched program's zone, the default one across programs.
  const programs = useCallerPrograms();
  const today = programToday(programs.data?.find((p) => p.programUuid === criteria.programUuid)?.timeZone);

  const page = shown?.page ?? 0;
  const search = useBenefitSearch(searchRequest(criteria, page));

  // On the recipient route the path carries the Account ID; another Account ID leaves it for the plain list.
  const show = (next: BenefitCriteria, nextPage: number) => {
    const search = { criteria: next, page: nextPage };
    if (recipientId && next.accountId.trim() === recipientId) {
      setParams(paramsOfSearch(search, BENEFIT_URL_CRITERIA, ['accountId']));
    } else if (recipientId) {
      const query = paramsOfSearch(search, BENEFIT_URL_CRITERIA).toString();
      void navigate(`${base}/benefits${query ? `?${query}` : ''}`);
    } else {
      setParams(paramsOfSearch(search, BENEFIT_URL_CRITERIA));
    }
  };

  const issueLink = criteria.accountId
    ? `${base}/benefit/add?recipientId=${encodeURIComponent(criteria.accountId)}`
    : `${base}/benefit/add`;
  const result = search.data;

  return (
    <Page
      title={recipientId ? `Benefits of ${recipientId}` : 'Benefits'}
      actions={
        <Group gap="sm">
          <Button component={Link} to={issueLink} leftSection={<IconPlus aria-hidden size={18} />}>
            Issue Benefit
          </Button>
          {area === 'program' && (
            <Button
              component={Link}
              to="/program/benefit/file"
              variant="default"
              leftSection={<IconFileImport aria-hidden size={18} />}
            >
              Import Benefits
            </Button>
          )}
        </Group>
      }
    >
      <BenefitSearchForm
        criteria={criteria}
        today={today}
        loading={search.isFetching}
        onSearch={(next) => show(next, 0)}
      />
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text fz="sm" c="dimmed">
            {result && result.totalCount > 0
              ? `${result.countCapped ? 'More than ' : ''}${result.totalCount.toLocaleString('en-US')} ${
                  result.totalCount === 1 ? 'benefit' : 'benefits'
                }${result.countCapped ? `; showing the first ${BENEFIT_SEARCH_COUNT_CAP.toLocaleString('en-US')}. Narrow the search to see the rest.` : ''}`
              : ''}
          </Text>
          <ExportButtons
            endpoint={benefitApi.exportSearch}
            criteria={criteria}
            fileName="benefits"
            truncatedMessage={`The file holds the first ${BENEFIT_EXPORT_ROW_CAP.toLocaleString('en-US')} benefits. Narrow the search to export the rest.`}
            disabled={!result || result.totalCount === 0}
          />
        </Group>
        {search.isError ? (
          <Stack gap="sm" align="flex-start">
            <MessageBanner kind="danger" w="100%" messages={errorMessagesOf(search.error, MESSAGES.GENERIC_ERROR)} />
            <Button variant="default" loading={search.isFetching} onClick={() => void search.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <BenefitTable
            result={result}
            loading={search.isFetching}
            onPageChange={(next) => show(criteria, next)}
            onOpen={(row) => navigate(`${base}/benefit/${row.benefitUuid}`)}
          />
        )}
      </Stack>
    </Page>
  );
}
