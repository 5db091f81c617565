import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CheckInCandidate } from '@kora/shared';
import { PersonAvatar } from '@/components/person-avatar';
import { fullName } from '@/lib/format';
import { TONE_COLOR } from '../check-in-format';

/** Several members matched: each with their picture, member ID and verdict; a tap opens one. */
export function CandidateList({
  candidates,
  onChoose,
}: {
  candidates: CheckInCandidate[];
  onChoose: (c: CheckInCandidate) => void;
}) {
  return (
    <Paper withBorder radius="lg" p={0}>
      <Text size="sm" c="dimmed" px="md" pt="sm" pb={4}>
        {candidates.length} members found: choose one
      </Text>
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {candidates.map((c) => {
          const name = fullName(c.member.first_name, c.member.last_name);
          return (
            <li key={c.member.id}>
              <UnstyledButton
                onClick={() => onChoose(c)}
                p="md"
                w="100%"
                mih={64}
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                aria-label={`${name}, ${c.member.member_id || 'no member ID'}: ${c.verdict.text}`}
              >
                <Group gap="sm" wrap="nowrap">
                  <PersonAvatar
                    picture={c.member.picture_url}
                    name={name}
                    first_name={c.member.first_name}
                    last_name={c.member.last_name}
                    size={44}
                  />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.member.member_id || 'No member ID'}
                    </Text>
                  </Stack>
                  <Badge color={TONE_COLOR[c.verdict.tone]} variant="light" size="lg">
                    {c.verdict.text}
                  </Badge>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
