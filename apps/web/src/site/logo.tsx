import { PRODUCT_NAME } from '@kora/shared';

/** Kora's mark (the back office's rounded square with a K) and the name, linking home. */
export function Logo() {
  return (
    <a className="logo" href="/">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
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
      <span>{PRODUCT_NAME}</span>
    </a>
  );
}
