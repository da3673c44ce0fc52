import { BENEFIT_SEARCH_COUNT_CAP } from '@ebt/core/benefits';
import { MESSAGES } from '@ebt/core/messages';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useBenefitSearch, useCallerPrograms } from './api';
import { BenefitSearchForm } from './components/BenefitSearchForm';
import { BenefitTable } from './components/BenefitTable';
import { ExportButtons } from './components/ExportButtons';
import {
  criteriaFromParams,
  pageFromParams,
  paramsFromCriteria,
  searchRequest,
  type BenefitCriteria,
} from './criteria';
import { programToday } from './dates';

export interface BenefitAreaProps {
  /** The portal the screen is in: links stay inside it (A§2 `{base}`). */
  area: 'program' | 'admin';
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
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const criteria = criteriaFromParams(params, recipientId);
  // The server bounds the dates by today in the searched program's zone, the default one across programs.
  const programs = useCallerPrograms();
  const today = programToday(programs.data?.find((p) => p.programUuid === criteria.programUuid)?.timeZone);

  const page = pageFromParams(params);
  const search = useBenefitSearch(searchRequest(criteria, page));

  // On the recipient route the path carries the Account ID; another Account ID leaves it for the plain list.
  const show = (next: BenefitCriteria, nextPage: number) => {
    if (recipientId && next.accountId.trim() === recipientId) {
      setParams(paramsFromCriteria(next, nextPage, ['accountId']));
    } else if (recipientId) {
      const query = paramsFromCriteria(next, nextPage).toString();
      navigate(`${base}/benefits${query ? `?${query}` : ''}`);
    } else {
      setParams(paramsFromCriteria(next, nextPage));
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
          <ExportButtons criteria={criteria} disabled={!result || result.totalCount === 0} />
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
