import {
  Box,
  Button,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCash, IconMessage2, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@kora/shared';
import { KoraLogo } from '@/components/kora-logo';

const FEATURES = [
  {
    icon: IconUsers,
    title: 'Members in one place',
    text: 'Profiles, pictures, member IDs and emergency contacts, searchable in a second at the front desk.',
  },
  {
    icon: IconCash,
    title: 'Subscriptions and payments',
    text: 'Record cash, card and transfer payments in naira; renewals extend, expiries show at a glance.',
  },
  {
    icon: IconMessage2,
    title: 'Reach your members',
    text: 'Reminders and announcements by email, SMS and WhatsApp, sent now or scheduled.',
  },
];

/** The public root: a short introduction with the way in (the full site comes later). */
export function LandingPage() {
  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <KoraLogo size={30} />
            <Group gap="xs" wrap="nowrap">
              <Button component={Link} to="/login" variant="subtle">
                Log in
              </Button>
              <Button component={Link} to="/signup" visibleFrom="xs">
                Get Started
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" component="main" py={{ base: 40, sm: 80 }}>
        <Stack align="center" ta="center" gap="lg" maw={720} mx="auto">
          <Title order={1} fz={{ base: 32, sm: 48 }} lh={1.15}>
            Run your gym, not spreadsheets
          </Title>
          <Text size="lg" c="dimmed">
            {PRODUCT_NAME} keeps your members, subscriptions and payments in order, built for gyms
            and fitness businesses across Nigeria.
          </Text>
          <Group gap="sm" justify="center">
            <Button component={Link} to="/signup" size="lg">
              Get Started
            </Button>
            <Button component={Link} to="/login" size="lg" variant="default">
              Log in
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt={{ base: 48, sm: 80 }}>
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Stack key={title} gap="xs" p="lg" bg="white" style={{ borderRadius: 16 }}>
              <ThemeIcon size={44} radius="md" variant="light">
                <Icon size={24} aria-hidden />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
      <Text component="footer" ta="center" size="sm" c="dimmed" py="xl">
        © {new Date().getFullYear()} {PRODUCT_NAME}. Made for gyms in Nigeria.
      </Text>
    </Box>
  );
}
