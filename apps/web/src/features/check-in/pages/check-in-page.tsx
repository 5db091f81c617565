import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconTicket, IconUserQuestion } from '@tabler/icons-react';
import type { CheckInCandidate } from '@kora/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { Can } from '@/components/can';
import { CARDS_QUERY } from '@/components/data-table';
import { ErrorAlert } from '@/components/form-alerts';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useSectionPath } from '@/components/use-section-path';
import { usePageTitle } from '@/lib/use-page-title';
import { useConnection } from '@/features/offline';
import { useLookup, useOfflineLookup } from '../api';
import { CHECK_IN_TEXTS, codeFromScan, looksLikePhone } from '../check-in-format';
import { CandidateList } from '../components/candidate-list';
import type { DayPassPrefill } from '../components/day-pass-form';
import { DayPassModal } from '../components/day-pass-modal';
import { LookupBox } from '../components/lookup-box';
import { ScanReadiness } from '../components/scan-readiness';
import { OfflineDeskNote } from '../components/offline-desk-note';
import { OpenKioskButton } from '../components/open-kiosk-button';
import { TodayOnDevice } from '../components/today-on-device';
import { TodayVisits } from '../components/today-visits';
import { VerdictCard } from '../components/verdict-card';
import { useCheckIn } from '../use-check-in';
import { useScanCatcher } from '../use-scan-catcher';
import { useScanCheckIn } from '../use-scan-check-in';

export interface CheckInPageProps {
  /**
   * Record Payment and Send Payment Link for the member on the verdict, from the page that
   * composes the features; `checkIn` checks that member in (the payment's success panel offers
   * it).
   */
  paymentActions?: (candidate: CheckInCandidate, checkIn: () => void) => ReactNode;
  /** End freeze for a frozen member on the verdict, from the page that composes the features. */
  freezeActions?: (candidate: CheckInCandidate) => ReactNode;
  /** Paystack is connected: a day pass can be paid by its link. */
  paystackConnected?: boolean;
}

/**
 * /check-in: "can this person train today?" from whatever they bring. One search box (typed,
 * or a barcode scanner, or the camera); one match opens the verdict at once, several list;
 * then check in, take a payment, sell a day pass or let in anyway. Today's visits below.
 * A scan (Enter, the camera, or a scanner typing while the focus is elsewhere on the page)
 * that finds one member by card, phone or member ID with a green verdict checks them in at
 * once; the box empties and keeps the focus for the next scan.
 */
export function CheckInPage({
  paymentActions,
  freezeActions,
  paystackConnected = false,
}: CheckInPageProps) {
  usePageTitle('Check-in');
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const sectionPath = useSectionPath();
  const search = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [dayPass, setDayPass] = useState<{ opened: boolean; prefill: DayPassPrefill }>({
    opened: false,
    prefill: {},
  });
  // Offline, the desk answers from this device's list of members, with the same verdicts.
  const { online } = useConnection();
  const onlineLookup = useLookup(q, online);
  const deviceLookup = useOfflineLookup(q, !online);
  const lookup = online ? onlineLookup : deviceLookup;
  const checkIn = useCheckIn();
  const scanCheckIn = useScanCheckIn(q, lookup, checkIn.checkIn);

  const look = (next: string, now: boolean) => {
    setChosenId(null);
    checkIn.reset();
    if (now) scanCheckIn.armScan(next);
    else scanCheckIn.disarm();
    if (next === q) {
      if (now) void lookup.refetch();
    } else setQ(next);
  };

  // A scanner typing while the focus is elsewhere on the page: the box takes the code (selected,
  // so the next scan replaces it) and the focus.
  const [caught, setCaught] = useState(0);
  const scanReady = useScanCatcher(search, (text) => {
    const code = codeFromScan(text);
    setTyped(code);
    look(code, true);
    setCaught((n) => n + 1);
  });
  useEffect(() => {
    if (!caught) return;
    search.current?.focus();
    search.current?.select();
  }, [caught]);

  const candidates = q && lookup.data ? lookup.data : [];
  const chosen =
    candidates.length === 1
      ? candidates[0]!
      : (candidates.find((c) => c.member.id === chosenId) ?? null);

  const sellDayPass = (from?: CheckInCandidate) =>
    setDayPass({
      opened: true,
      prefill: from
        ? {
            first_name: from.member.first_name,
            last_name: from.member.last_name,
            mobile_number: from.member.mobile_number,
          }
        : looksLikePhone(typed)
          ? { mobile_number: typed.trim() }
          : {},
    });

  // After a check-in the box empties and takes the focus again: the next member can scan.
  const { outcome } = checkIn;
  useEffect(() => {
    if (!outcome) return;
    setTyped('');
    search.current?.focus();
  }, [outcome]);

  const actions = (
    <>
      <Can action="payments.record">
        <Button
          variant="light"
          leftSection={<IconTicket size={18} aria-hidden />}
          onClick={() => sellDayPass()}
        >
          Sell day pass
        </Button>
      </Can>
      <OpenKioskButton />
    </>
  );

  return (
    <Stack gap="md" maw={960}>
      {/* On a phone held in one hand the search comes first; the page's actions follow it. */}
      <PageHeader
        title="Check-in"
        description={phone ? undefined : 'Scan a card, or type a phone number, member ID or name.'}
        actions={phone ? undefined : actions}
      />
      {online ? null : <OfflineDeskNote />}
      <LookupBox ref={search} value={typed} onChange={setTyped} onLookup={look} />
      {phone ? null : <ScanReadiness ready={scanReady} />}
      {phone ? <Group gap="xs">{actions}</Group> : null}
      {!q ? null : lookup.isError ? (
        <ErrorAlert error={lookup.error} fallback={CHECK_IN_TEXTS.lookupFailed} />
      ) : !lookup.data ? (
        <PageLoader minHeight={120} />
      ) : candidates.length === 0 ? (
        <Alert
          color="gray"
          icon={<IconUserQuestion size={20} aria-hidden />}
          title={CHECK_IN_TEXTS.noMember}
          role="status"
        >
          <Text size="sm">Check what was typed, or sell a day pass to a walk-in.</Text>
        </Alert>
      ) : chosen ? (
        <Stack gap="xs">
          {candidates.length > 1 ? (
            <Group>
              <Button variant="subtle" size="compact-sm" onClick={() => setChosenId(null)}>
                Back to the {candidates.length} members found
              </Button>
            </Group>
          ) : null}
          <VerdictCard
            // Each member found starts afresh (no reason half-typed for someone else).
            key={`${q}:${chosen.member.id}`}
            candidate={chosen}
            checkIn={checkIn}
            profilePath={sectionPath(`members/${chosen.member.id}`)}
            paymentActions={paymentActions?.(chosen, () => checkIn.checkIn(chosen))}
            freezeActions={freezeActions?.(chosen)}
            onSellDayPass={() => sellDayPass(chosen)}
          />
        </Stack>
      ) : (
        <CandidateList candidates={candidates} onChoose={(c) => setChosenId(c.member.id)} />
      )}
      {/* Offline, today's visits are those this device recorded; the others come back online. */}
      {online ? <TodayVisits /> : <TodayOnDevice />}
      <DayPassModal
        opened={dayPass.opened}
        prefill={dayPass.prefill}
        paystackConnected={paystackConnected}
        onClose={() => setDayPass((d) => ({ ...d, opened: false }))}
      />
    </Stack>
  );
}
