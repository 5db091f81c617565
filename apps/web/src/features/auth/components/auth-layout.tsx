import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { KoraLogo } from '@/components/kora-logo';

interface AuthLayoutProps {
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the public identity screens: logo, one card, a footer line. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <Box
      mih="100dvh"
      py={{ base: 'md', sm: 48 }}
      px={{ base: 'xs', sm: 'md' }}
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-color-kora-0) 0%, var(--mantine-color-gray-0) 55%)',
      }}
    >
      <Center>
        <Stack w="100%" maw={460} gap="lg">
          <Center>
            {/* The site is served by the server, not this app: a full page load. */}
            <Anchor href="/" underline="never" aria-label="Kora home">
              <KoraLogo size={36} />
            </Anchor>
          </Center>
          <Paper component="main" withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
            {title ? (
              <Stack gap={4} mb="lg">
                <Title order={1} fz={{ base: 22, sm: 26 }}>
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" size="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {children}
          </Paper>
          {footer ? (
            <Text ta="center" size="sm" c="dimmed">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Box>
  );
}
