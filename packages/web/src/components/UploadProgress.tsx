import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

export interface UploadProgressProps {
  /** 0-100, from `uploadFile`'s onProgress. */
  percent: number;
  /** What is going up, for the label: 'Uploading benefits.csv'. */
  label?: string;
}

/**
 * How far an upload has gone (lib/upload.ts). The bar is a progressbar with aria-valuenow, named by the visible
 * label; at 100% it says the server is processing the file, which for a large import takes a moment more.
 */
export function UploadProgress({ percent, label }: UploadProgressProps) {
  const { t } = useI18n();
  const value = Math.min(Math.max(Math.round(percent) || 0, 0), 100);
  const done = value >= 100;
  const text = done ? t('kit.processingFile') : (label ?? t('kit.uploadingFile'));
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="sm">
        <Text fz="sm">{text}</Text>
        <Text fz="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }} aria-hidden>
          {value}%
        </Text>
      </Group>
      <Progress value={value} size="lg" aria-label={text} animated={done} />
    </Stack>
  );
}

/**
 * The foot of an import form: the progress bar while `pending`, then the Upload submit button (busy meanwhile).
 * Every import screen (account file, benefit file, later merchant and PAN files) ends the same way.
 */
export function UploadSubmit({
  pending,
  percent,
  file,
  before,
}: {
  pending: boolean;
  percent: number;
  file: File | null;
  /** Buttons shown before Upload (an import's "Check file"). */
  before?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <>
      {pending && (
        <UploadProgress percent={percent} label={file ? t('kit.uploadingNamed', { name: file.name }) : undefined} />
      )}
      <Group justify="flex-end">
        {before}
        <Button type="submit" loading={pending} leftSection={<IconUpload aria-hidden size={18} />}>
          {t('kit.upload')}
        </Button>
      </Group>
    </>
  );
}
