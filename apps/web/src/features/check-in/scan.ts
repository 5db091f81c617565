/*
 * Reading a member's QR card with the device's camera: the browser's own BarcodeDetector where
 * it has one, else qr-scanner, loaded only when the camera is first opened.
 */

/** Stops the camera. */
export type StopScan = () => void;

const CAMERA_TEXTS = {
  refused:
    'The camera was not allowed. Allow the camera for this site in your browser, or type the code.',
  none: 'No camera was found on this device. Type the phone number or member ID instead.',
  failed: 'The camera could not be started. Type the phone number or member ID instead.',
} as const;

/** What went wrong with the camera, in the desk's words. */
export const cameraProblem = (error: unknown): string => {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const text = typeof error === 'string' ? error : error instanceof Error ? error.message : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return CAMERA_TEXTS.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || /camera not found/i.test(text))
    return CAMERA_TEXTS.none;
  return CAMERA_TEXTS.failed;
};

interface Detected {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<Detected[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

const nativeDetector = async (): Promise<BarcodeDetectorLike | null> => {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
};

const withBrowserDetector = async (
  detector: BarcodeDetectorLike,
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<StopScan> => {
  if (!navigator.mediaDevices?.getUserMedia)
    throw Object.assign(new Error('no camera'), { name: 'NotFoundError' });
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      const found = await detector.detect(video);
      if (found[0]?.rawValue) onCode(found[0].rawValue);
    } catch {
      /* a frame that could not be read: try the next */
    }
    if (!stopped) window.setTimeout(() => void tick(), 200);
  };
  void tick();
  return () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
};

const withQrScanner = async (
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<StopScan> => {
  const { default: QrScanner } = await import('qr-scanner');
  const scanner = new QrScanner(video, (result) => onCode(result.data), {
    returnDetailedScanResult: true,
    preferredCamera: 'environment',
    maxScansPerSecond: 5,
  });
  try {
    await scanner.start();
  } catch (error) {
    scanner.destroy();
    throw error;
  }
  return () => scanner.destroy();
};

/** Starts the camera in `video` and reads QR codes until stopped; `onCode` gets each read. */
export const startScan = async (
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<StopScan> => {
  const detector = await nativeDetector();
  return detector ? withBrowserDetector(detector, video, onCode) : withQrScanner(video, onCode);
};
