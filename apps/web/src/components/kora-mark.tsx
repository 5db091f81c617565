/**
 * Kora's mark: a rounded teal square with a stylised K. Plain SVG, so the back office's logo and
 * the server-rendered public site draw the same one.
 */
export function KoraMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="#0f766e" />
      <path
        d="M11 8v16M11 16.5 20.5 8M13.5 14l7.5 10"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}
