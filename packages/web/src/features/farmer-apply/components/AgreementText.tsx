import { Stack, Text } from '@mantine/core';

/** A program's agreement as plain text: a paragraph for each blank-line break, single line breaks kept. Never HTML. */
export function AgreementText({ text }: { text: string }) {
  const paragraphs = text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return (
    <Stack gap="sm">
      {paragraphs.map((paragraph, index) => (
        <Text key={index} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}
