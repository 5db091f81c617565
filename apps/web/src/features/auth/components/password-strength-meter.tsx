import { Group, List, Progress, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_REQUIREMENTS, passwordStrength } from '../password-strength';

const COLORS = { Weak: 'red', Fair: 'yellow', Good: 'teal', Strong: 'green' } as const;

/** The strength bar and the requirements checklist (only the length is enforced). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  return (
    <Stack gap={8}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          Password strength
        </Text>
        <Text size="xs" fw={700} c={COLORS[label]} data-testid="password-strength">
          {label}
        </Text>
      </Group>
      <Progress
        value={(score / PASSWORD_REQUIREMENTS.length) * 100}
        color={COLORS[label]}
        size="sm"
        aria-label={`Password strength: ${label}`}
      />
      <List spacing={4} size="xs" aria-label="Password requirements">
        {PASSWORD_REQUIREMENTS.map((r) => {
          const met = r.test(password);
          return (
            <List.Item
              key={r.label}
              icon={
                <ThemeIcon size={16} radius="xl" color={met ? 'green' : 'gray'} variant="light">
                  {met ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text size="xs" c={met ? 'green.8' : 'dimmed'}>
                {r.label}
                <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
