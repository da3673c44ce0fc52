import { ACCEPTED_FILE_EXTENSIONS, FILE_SIZE_LIMIT_BYTES } from '@ebt/core/constants';
import { MESSAGES } from '@ebt/core/messages';
import { FileInput, type FileInputProps } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { fileProblem, formatFileSize } from '../lib/files';
import { useI18n } from '../lib/i18n';

// Screens that upload import the Upload button from here (the progress bar alone from its own file).
export { UploadSubmit } from './UploadProgress';

export interface FilePickerProps extends Omit<
  FileInputProps,
  'value' | 'onChange' | 'accept' | 'multiple' | 'error' | 'label'
> {
  label: string;
  /** Accepted extensions (B§9: .csv, .xls, .xlsx). */
  accept?: readonly string[];
  /** A§5, B§9: 1 MB (1048576 bytes). */
  maxBytes?: number;
  /** The screen's own text: 'Benefit file size cannot be greater than 1MB.' (A§5), account and merchant (B§5). */
  tooLargeMessage: string;
  /** Shown for a file of another type. */
  wrongTypeMessage?: string;
  value: File | null;
  /** Called with the file once it passes the type and size checks, or null (cleared, or refused). */
  onChange: (file: File | null) => void;
  /** The screen's error (e.g. 'You must select an input file.'); a refusal of the picked file shows first. */
  error?: string;
}

const DEFAULT_EXTENSIONS: readonly string[] = ACCEPTED_FILE_EXTENSIONS;

/** 'CSV, XLS or XLSX' ('CSV, XLS o XLSX'): the page's language joins the names. */
function extensionList(accept: readonly string[], locale: string): string {
  const names = accept.map((ext) => ext.replace(/^\./, '').toUpperCase());
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(names);
}

/** The picked file as the field shows it: its name and size. */
function PickedFile({ value }: { value: File | File[] | null }) {
  if (!(value instanceof File)) return null;
  return (
    <span>
      {value.name} <span style={{ color: 'var(--mantine-color-dimmed)' }}>({formatFileSize(value.size)})</span>
    </span>
  );
}

/**
 * Picks one file for an import (A§5, B§5 Files): only the accepted extensions are offered, and a file of another
 * type or over the size limit is refused on the spot with the given message (announced as an alert) instead of
 * reaching the server. The field describes its own rules ('CSV, XLS or XLSX file, at most 1 MB.') and shows the
 * picked file's name and size. An empty file passes: the screen answers it at submit ('You must select an input
 * file.', B§5). Pair it with `uploadFile` (lib/upload.ts) and `<UploadProgress>`.
 */
export function FilePicker({
  label,
  accept = DEFAULT_EXTENSIONS,
  maxBytes = FILE_SIZE_LIMIT_BYTES,
  tooLargeMessage,
  wrongTypeMessage = MESSAGES.INVALID_FILE_TYPE,
  value,
  onChange,
  error,
  description,
  ...others
}: FilePickerProps) {
  const { t, locale } = useI18n();
  const [refusal, setRefusal] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);

  const handleChange = (file: File | null) => {
    if (!file) {
      setRefusal(null);
      onChange(null);
      return;
    }
    const problem = fileProblem(file, { accept, maxBytes });
    if (problem) {
      setRefusal(problem === 'size' ? tooLargeMessage : wrongTypeMessage);
      // Forget the refused file, so picking it again after fixing it is noticed.
      resetRef.current?.();
      onChange(null);
      return;
    }
    setRefusal(null);
    onChange(file);
  };

  const shownError = refusal ?? error;

  return (
    <FileInput
      label={label}
      description={
        description ?? t('kit.fileLimits', { types: extensionList(accept, locale), size: formatFileSize(maxBytes) })
      }
      placeholder={t('kit.chooseFile')}
      accept={accept.join(',')}
      value={value}
      onChange={handleChange}
      resetRef={resetRef}
      clearable
      clearButtonProps={{ 'aria-label': t('kit.removeFile') }}
      leftSection={<IconFileSpreadsheet aria-hidden size={18} />}
      valueComponent={PickedFile}
      error={shownError ? <span role="alert">{shownError}</span> : undefined}
      styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      {...others}
    />
  );
}
