import type { AnyEndpoint } from '@ebt/core/contract';
import { Anchor, Loader } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { downloadFrom } from '../lib/download';
import { errorMessagesOf } from '../lib/errors';
import { MessageBanner } from './MessageBanner';

export interface DownloadLinkProps {
  /** The endpoint that answers the file; it is fetched with the session's token, so a plain link would not do. */
  endpoint: AnyEndpoint;
  /** Its path parameters, if it has any. */
  params?: object;
  /** The file's name when the answer does not name one. */
  fileName: string;
  children: ReactNode;
}

/**
 * A link in running text that downloads a file the API builds for the signed-in person (the benefit file's sample,
 * made from the caller's own programs and recipients). Looks and reads as a link, is a button to assistive
 * technology (it does not navigate), and says why when the download fails.
 */
export function DownloadLink({ endpoint, params, fileName, children }: DownloadLinkProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string[]>([]);

  const download = async () => {
    setBusy(true);
    setProblem([]);
    try {
      await downloadFrom(endpoint, { params } as never, fileName);
    } catch (failure) {
      setProblem(errorMessagesOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Anchor component="button" type="button" onClick={() => void download()} aria-busy={busy} inherit>
        {/* The icon keeps its distance by a margin, not a space, so the link's text ends where its words do
            ('sample file', then the sentence's full stop). */}
        {children}
        {busy ? (
          <Loader size={12} aria-hidden ml={4} />
        ) : (
          <IconDownload aria-hidden size={14} style={{ verticalAlign: 'middle', marginLeft: 4 }} />
        )}
      </Anchor>
      {problem.length > 0 && <MessageBanner kind="danger" messages={problem} onClose={() => setProblem([])} />}
    </>
  );
}
