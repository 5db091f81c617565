import { Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import {
  ERASED_FIRST_NAME,
  PRIVACY_MESSAGES,
  erasedLastName,
  type Consent,
  type ConsentChoice,
  type Member,
} from '@kora/shared';
import { useState } from 'react';
import { saveFile } from '@/components/export-menu';
import { ErrorAlert } from '@/components/form-alerts';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/use-can';
import { privacyApi, useConsentHistory, useSetConsent } from '../api';
import { EraseMemberDialog } from './erase-member-dialog';

const CHOICE_LABELS = { yes: 'Yes', no: 'No' } as const;

/** Who recorded a choice, in words. */
const byWhom = (c: Consent) =>
  c.source === 'member'
    ? 'by the member on their page'
    : c.source === 'import'
      ? 'from an import'
      : `by ${c.user_name ?? 'staff'}`;

/** Whether the member's personal data was erased (their names say so). */
const isErased = (m: Member) =>
  m.first_name === ERASED_FIRST_NAME && m.last_name === erasedLastName(m.member_id);

/**
 * The member's privacy: their answer to "May {gym} send you offers and news?" (staff change it;
 * each answer is kept with who and when), and for owners and admins "Download data" (a ZIP of
 * everything Kora holds about them) and erasing their personal data.
 */
export function MemberPrivacyCard({ member, gymName }: { member: Member; gymName: string }) {
  const history = useConsentHistory(member.id);
  const setConsent = useSetConsent();
  const mayEdit = useCan('members.write');
  const manages = useCan('privacy.manage');
  const [erasing, setErasing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const erased = isErased(member);
  const answer = member.marketing_consent;

  const download = async () => {
    setDownloading(true);
    try {
      const file = await privacyApi.exportFile(member.id);
      saveFile(file.blob, file.filename ?? `member-${member.member_id}.zip`);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Download failed',
        message: errorMessage(error, 'The data could not be downloaded. Please try again.'),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Privacy">
      <Stack gap="sm">
        <Title order={3} fz="h5">
          Privacy
        </Title>
        <Radio.Group
          label={PRIVACY_MESSAGES.consentQuestion(gymName)}
          description={
            answer === 'not_asked'
              ? 'Not asked yet: record their answer when you ask them.'
              : 'Promotions go only to members who said yes; service notices reach everyone.'
          }
          value={answer === 'not_asked' ? null : answer}
          onChange={(v) => setConsent.mutate({ memberId: member.id, choice: v as ConsentChoice })}
        >
          <Group mt="xs">
            {(['yes', 'no'] as const).map((c) => (
              <Radio
                key={c}
                value={c}
                label={CHOICE_LABELS[c]}
                disabled={!mayEdit || erased || setConsent.isPending}
              />
            ))}
          </Group>
        </Radio.Group>
        <ErrorAlert error={setConsent.error} fallback="The answer could not be saved. Try again." />
        {history.data?.length ? (
          <Stack gap={2} aria-label="Consent history">
            {history.data.map((c) => (
              <Text key={c.id} size="sm" c="dimmed">
                {CHOICE_LABELS[c.choice]} {byWhom(c)}, {formatDateTime(c.created_at)}
              </Text>
            ))}
          </Stack>
        ) : null}
        {manages ? (
          <Group gap="sm" mt="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={downloading}
              onClick={() => void download()}
            >
              Download data
            </Button>
            {erased ? (
              <Text size="sm" c="dimmed">
                This member’s personal data was erased.
              </Text>
            ) : (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setErasing(true)}
              >
                Erase member
              </Button>
            )}
          </Group>
        ) : null}
      </Stack>
      <EraseMemberDialog member={member} opened={erasing} onClose={() => setErasing(false)} />
    </Card>
  );
}
