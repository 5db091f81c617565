export const PASSWORD_REQUIREMENTS = [
  { label: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { label: 'One number', test: (p: string) => /\d/.test(p) },
  { label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong';

/** Counts the five checks: 0-2 Weak, 3 Fair, 4 Good, 5 Strong. */
export const passwordStrength = (password: string): { score: number; label: StrengthLabel } => {
  const score = PASSWORD_REQUIREMENTS.filter((r) => r.test(password)).length;
  const label: StrengthLabel =
    score <= 2 ? 'Weak' : score === 3 ? 'Fair' : score === 4 ? 'Good' : 'Strong';
  return { score, label };
};
