import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as an image address (an SVG drawn in the browser by qrcode, loaded only
 * when a card is shown); null while it is drawn or when `text` is empty.
 */
export const useQrImage = (text: string | null | undefined): string | null => {
  const [image, setImage] = useState<{ text: string; src: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let cancelled = false;
    void import('qrcode')
      .then((qrcode) =>
        qrcode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (!cancelled)
          setImage({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [text]);
  return image && image.text === text ? image.src : null;
};
