import { Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One part of my page: a bordered card with its heading (a region named by it). */
export function MyPageSection(props: {
  title: string;
  description?: string | undefined;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {props.title}
        </Title>
        {props.description === undefined ? undefined : (
          <Text size="sm" c="dimmed">
            {props.description}
          </Text>
        )}
        {props.children}
      </Stack>
    </Card>
  );
}
