import { panApi } from '@ebt/core/pans';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DownloadLink } from '../../components/DownloadLink';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { fetchFile } from '../../lib/download';
import { endpointUrl } from '../../lib/endpoint-client';
import { errorMessagesOf } from '../../lib/errors';

/** Which PDF the view shows: one PAN's card (?panId=) or a generation's cards (?panGenId=). */
function pdfOf(params: URLSearchParams) {
  const panId = params.get('panId');
  const panGenId = params.get('panGenId');
  if (panId && /^\d{1,10}$/.test(panId))
    return {
      endpoint: panApi.cardPdf,
      params: { panId },
      url: endpointUrl(panApi.cardPdf, { params: { panId } }),
      fileName: `pan-${panId}.pdf`,
    };
  if (panGenId && /^\d{1,10}$/.test(panGenId))
    return {
      endpoint: panApi.generationPdf,
      params: { panGenId },
      url: endpointUrl(panApi.generationPdf, { params: { panGenId } }),
      fileName: `pans-${panGenId}.pdf`,
    };
  return null;
}

/**
 * `/program/pans/view` (A§2: no header; resolution 7): the printable PAN card view opened from the PANs pages. The
 * PDF is fetched with the session's token and shown in the page, with Print and a download of the same file.
 */
export default function PanCardsViewPage() {
  const [params] = useSearchParams();
  const target = pdfOf(params);
  const [url, setUrl] = useState<string | null>(null);
  const [problem, setProblem] = useState<string[]>([]);
  const frame = useRef<HTMLIFrameElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!target) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetchFile(target.url)
      .then((response) => response.blob())
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((error: unknown) => !cancelled && setProblem(errorMessagesOf(error)));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // The URL is the whole dependency: a new query string is a new card.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- target is derived from params on every render
  }, [target?.url]);

  return (
    <Stack gap="md" p="md" mih="100vh">
      <title>PAN Cards · MarketLink</title>
      <Group justify="space-between">
        <Group gap="md">
          {/* Opened in the tab of the PANs page (no second tab holds the session): back to it. */}
          <Anchor component="button" type="button" fz="sm" onClick={() => void navigate(-1)}>
            <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} /> Back
          </Anchor>
          <Title order={1} fz="h3">
            PAN Cards
          </Title>
        </Group>
        {target && url && (
          <Group gap="md">
            <DownloadLink endpoint={target.endpoint} params={target.params} fileName={target.fileName}>
              Download PDF
            </DownloadLink>
            <Button
              leftSection={<IconPrinter aria-hidden size={18} />}
              onClick={() => frame.current?.contentWindow?.print()}
            >
              Print
            </Button>
          </Group>
        )}
      </Group>
      {!target ? (
        <MessageBanner kind="warning" messages="Open this page from a PANs page: it needs a PAN or a generation." />
      ) : problem.length > 0 ? (
        <MessageBanner kind="danger" messages={problem} />
      ) : !url ? (
        <LoadingStatus label="Loading the PAN cards" />
      ) : (
        <iframe
          ref={frame}
          src={url}
          title="PAN cards (PDF)"
          style={{ flex: 1, width: '100%', minHeight: '80vh', border: '1px solid var(--mantine-color-gray-4)' }}
        />
      )}
    </Stack>
  );
}
