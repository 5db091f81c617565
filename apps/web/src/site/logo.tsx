import { PRODUCT_NAME } from '@kora/shared';
import { KoraMark } from '@/components/kora-mark';

/** Kora's mark (the back office's rounded square with a K) and the name, linking home. */
export function Logo() {
  return (
    <a className="logo" href="/">
      <KoraMark />
      <span>{PRODUCT_NAME}</span>
    </a>
  );
}
