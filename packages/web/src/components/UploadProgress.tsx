import { Group, Progress, Stack, Text } from '@mantine/core';

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
export function UploadProgress({ percent, label = 'Uploading file' }: UploadProgressProps) {
  const value = Math.min(Math.max(Math.round(percent) || 0, 0), 100);
  const done = value >= 100;
  const text = done ? 'Processing file…' : label;
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
