import { Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { CheckInCandidate } from '@kora/shared';
import { TONE_COLOR } from '../check-in-format';
import { DESK_LIST_STYLE, PersonLine, memberAsPerson } from './person-line';

/**
 * Several members matched: each with their picture, member ID and verdict; a tap opens one. The
 * verdict sits under the name, so on a phone the name keeps the row's width.
 */
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
      <Stack gap={0} component="ul" style={DESK_LIST_STYLE}>
        {candidates.map((c) => {
          const person = memberAsPerson(c.member);
          return (
            <li key={c.member.id}>
              <UnstyledButton
                onClick={() => onChoose(c)}
                p="md"
                w="100%"
                mih={64}
                style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
                aria-label={`${person.name}, ${c.member.member_id || 'no member ID'}: ${c.verdict.text}`}
              >
                <Group gap="sm" wrap="nowrap">
                  <PersonLine
                    person={person}
                    avatarSize={44}
                    detail={c.member.member_id || 'No member ID'}
                  >
                    <Badge
                      color={TONE_COLOR[c.verdict.tone]}
                      variant="light"
                      size="lg"
                      mt={6}
                      maw="100%"
                    >
                      {c.verdict.text}
                    </Badge>
                  </PersonLine>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
