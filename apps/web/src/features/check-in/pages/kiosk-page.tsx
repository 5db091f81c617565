import {
  Avatar,
  Box,
  Button,
  Center,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconCamera, IconDoorExit, IconPlugConnectedX } from '@tabler/icons-react';
import type { KioskCheckInResult } from '@kora/shared';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { PersonAvatar } from '@/components/person-avatar';
import { queryRoots } from '@/lib/query-keys';
import { sessionStore } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { CHECK_IN_TEXTS, TONE_COLOR, codeFromScan } from '../check-in-format';
import { CameraScanModal } from '../components/camera-scan-modal';
import { isKioskOff, kioskApi, kioskToken } from '../kiosk/kiosk-api';
import { KioskExitModal } from '../kiosk/kiosk-exit-modal';
import { KioskTypedEntry } from '../kiosk/kiosk-typed-entry';
import { ApiError } from '@/lib/api-error';

/** How long the kiosk shows a member's answer before it is ready for the next one. */
export const KIOSK_RESULT_MS = 5000;

/**
 * /check-in/kiosk: the device at the entrance where members check themselves in with their QR
 * card (camera or USB scanner) or by typing their phone number or member ID. Full screen, no
 * navigation; it shows only the gym and the answer for the one member ("Welcome, Ada — 23 days
 * left" or "Please see the front desk"), never a list of members.
 */
export function KioskPage() {
  usePageTitle('Kiosk');
  const navigate = useNavigate();
  const [token, setToken] = useState(kioskToken.get);
  const [off, setOff] = useState(false);
  const switchOff = () => {
    kioskToken.clear();
    setToken(null);
    setOff(true);
  };
  const info = useQuery({
    queryKey: [...queryRoots.checkIn, 'kiosk', token],
    queryFn: async () => (await kioskApi.info(token!)).data,
    enabled: Boolean(token),
    retry: (count, error) => !isKioskOff(error) && count < 2,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (info.error && isKioskOff(info.error)) switchOff();
  }, [info.error]);

  if (off || !token)
    return (
      <KioskFrame>
        <Stack align="center" gap="md" ta="center" maw={480}>
          <IconPlugConnectedX size={64} aria-hidden color="var(--mantine-color-gray-6)" />
          <Title order={1} fz="h2">
            {off ? CHECK_IN_TEXTS.kioskOff : CHECK_IN_TEXTS.kioskNotSet}
          </Title>
          <Text c="dimmed">
            A staff member can sign in and open the kiosk again from the Check-in page.
          </Text>
          <Button component={Link} to="/login" size="lg">
            Go to sign in
          </Button>
        </Stack>
      </KioskFrame>
    );
  if (!info.data)
    return (
      <KioskFrame>
        {info.isError ? (
          <Stack align="center">
            <Text>The kiosk could not reach the server.</Text>
            <Button onClick={() => void info.refetch()}>Try again</Button>
          </Stack>
        ) : (
          <PageLoader />
        )}
      </KioskFrame>
    );

  return (
    <KioskScreen
      token={token}
      businessName={info.data.business_name}
      logoUrl={info.data.business_logo_url}
      typedEntry={info.data.typed_entry}
      onSwitchedOff={switchOff}
      onExited={(tokens) => {
        kioskToken.clear();
        sessionStore.signIn(tokens);
        void navigate('/check-in', { replace: true });
      }}
    />
  );
}

function KioskFrame({ children }: { children: React.ReactNode }) {
  return (
    <Center mih="100dvh" p="lg" bg="gray.0">
      {children}
    </Center>
  );
}

interface KioskScreenProps {
  token: string;
  businessName: string;
  logoUrl: string | null;
  /** The gym lets members type their phone or member ID, with their PIN; else cards only. */
  typedEntry: boolean;
  onSwitchedOff: () => void;
  onExited: (tokens: { access_token: string; refresh_token: string }) => void;
}

function KioskScreen({
  token,
  businessName,
  logoUrl,
  typedEntry,
  onSwitchedOff,
  onExited,
}: KioskScreenProps) {
  const [scanned, setScanned] = useState('');
  const [result, setResult] = useState<KioskCheckInResult | null>(null);
  const [camera, setCamera] = useState(false);
  const [exiting, setExiting] = useState(false);
  const scanner = useRef<HTMLInputElement>(null);
  const send = useMutation({
    mutationFn: ({ code, pin }: { code: string; pin?: string }) =>
      kioskApi.checkIn(token, code, pin),
  });

  // The answer shows a few seconds, then the kiosk is ready for the next member.
  useEffect(() => {
    if (!result) return;
    const timer = window.setTimeout(() => setResult(null), KIOSK_RESULT_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  // The USB scanner types into the hidden input: it keeps the focus unless a dialog is open.
  const refocus = () => {
    if (!camera && !exiting) window.setTimeout(() => scanner.current?.focus(), 0);
  };
  useEffect(refocus);

  const submit = (raw: string, pin?: string) => {
    const code = codeFromScan(raw);
    if (!code || send.isPending) return;
    setScanned('');
    send.mutate(
      { code, pin },
      {
        onSuccess: (answer) => setResult(answer.data),
        onError: (error) => {
          if (isKioskOff(error)) onSwitchedOff();
          else
            setResult({
              tone: 'red',
              // The server's words for a refusal ("Scan your card to check in", too many tries).
              text:
                error instanceof ApiError &&
                error.status >= 400 &&
                error.status < 500 &&
                error.message
                  ? error.message
                  : 'Something went wrong. Please see the front desk',
              first_name: null,
              picture_url: null,
            });
        },
      },
    );
  };

  const onScannerKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    submit(scanned);
  };

  return (
    <Box mih="100dvh" bg="gray.0" p={{ base: 'md', sm: 'xl' }} onClick={refocus}>
      <input
        ref={scanner}
        aria-label="Card scanner"
        inputMode="none"
        autoComplete="off"
        value={scanned}
        onChange={(e) => setScanned(e.currentTarget.value)}
        onKeyDown={onScannerKey}
        onBlur={refocus}
        style={{ position: 'absolute', opacity: 0, width: 1, height: 1, pointerEvents: 'none' }}
      />
      {/* At 375 px the gym's name wraps and Exit kiosk keeps its full width (never cut). */}
      <Group justify="space-between" mb={{ base: 'md', sm: 'xl' }} wrap="nowrap" gap="sm">
        <Group gap="md" wrap="nowrap" miw={0}>
          {logoUrl ? <Avatar src={logoUrl} alt="" size={56} radius="md" /> : null}
          <Title
            order={1}
            fz={{ base: 'h3', sm: 'h1' }}
            miw={0}
            style={{ overflowWrap: 'anywhere' }}
          >
            {businessName}
          </Title>
        </Group>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          leftSection={<IconDoorExit size={18} aria-hidden />}
          onClick={() => setExiting(true)}
          style={{ flexShrink: 0 }}
        >
          Exit kiosk
        </Button>
      </Group>
      {/* Compact on a phone, so the keypad's Go is on the first screen (375 × 812) without scrolling. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'md', sm: 'xl' }} maw={1100} mx="auto">
        <KioskAnswer result={result} pending={send.isPending} typedEntry={typedEntry} />
        <Stack gap="md">
          <Button
            size="xl"
            h={72}
            leftSection={<IconCamera size={30} aria-hidden />}
            onClick={() => setCamera(true)}
          >
            Scan my card
          </Button>
          {typedEntry ? <KioskTypedEntry onSubmit={submit} disabled={send.isPending} /> : null}
        </Stack>
      </SimpleGrid>
      <CameraScanModal
        opened={camera}
        onClose={() => setCamera(false)}
        onCode={(text) => {
          setCamera(false);
          submit(text);
        }}
      />
      <KioskExitModal
        opened={exiting}
        token={token}
        onClose={() => setExiting(false)}
        onExited={onExited}
      />
    </Box>
  );
}

/** The ready prompt, or one member's answer: green welcomes them, anything else sends them to the desk. */
function KioskAnswer({
  result,
  pending,
  typedEntry,
}: {
  result: KioskCheckInResult | null;
  pending: boolean;
  typedEntry: boolean;
}) {
  const color = result ? TONE_COLOR[result.tone] : 'gray';
  return (
    <Paper
      radius="xl"
      p={{ base: 'md', sm: 'xl' }}
      withBorder
      mih={{ base: 120, sm: 260 }}
      bg={result ? `${color}.0` : 'white'}
      style={{
        borderWidth: 4,
        borderColor: `var(--mantine-color-${color}-${result ? 6 : 3})`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <Stack align="center" gap="md" ta="center" role="status" aria-live="assertive">
        {result?.tone === 'green' && result.first_name ? (
          <PersonAvatar
            picture={result.picture_url}
            name={result.first_name}
            first_name={result.first_name}
            last_name=""
            size={120}
          />
        ) : null}
        <Text fz={{ base: 24, sm: 40 }} fw={800} lh={1.2} c={result ? `${color}.8` : undefined}>
          {pending
            ? 'Checking…'
            : result
              ? result.text
              : typedEntry
                ? CHECK_IN_TEXTS.kioskReady
                : CHECK_IN_TEXTS.kioskCardsOnly}
        </Text>
      </Stack>
    </Paper>
  );
}
