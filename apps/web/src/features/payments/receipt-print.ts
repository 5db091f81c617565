import type { ReceiptSize } from '@kora/shared';
import { saveFile } from '@/components/export-menu';
import { requestFile } from '@/lib/http';

/** The receipt's two paper sizes: an A4 page, or the 80 mm roll of a thermal printer. */
export const RECEIPT_PAPERS: { value: ReceiptSize; label: string }[] = [
  { value: 'a4', label: 'A4 page' },
  { value: '80mm', label: '80 mm (thermal printer)' },
];

/** The receipt PDF's address in the API. */
const receiptPdfPath = (paymentId: number, size: ReceiptSize) =>
  `/v1/payment/${paymentId}/receipt.pdf?size=${size}`;

/**
 * Opens the payment's receipt PDF in a new tab, where the browser prints it. The tab is opened
 * at the click (a tab opened after the download would be blocked as a pop-up) and shows the PDF
 * once it has come, with the user's session; where no tab can open, the PDF is downloaded
 * instead. A failed download closes the tab and throws.
 */
export const openReceiptPdf = async (
  paymentId: number,
  size: ReceiptSize,
  receiptNumber: string,
) => {
  const tab = window.open('', '_blank');
  try {
    const file = await requestFile(receiptPdfPath(paymentId, size));
    if (!tab) {
      saveFile(file.blob, file.filename ?? `receipt-${receiptNumber}.pdf`);
      return;
    }
    const url = URL.createObjectURL(file.blob);
    tab.location.href = url;
    // Long after the tab has read it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
};
