/*
 * Reading a member's QR card with the device's camera: the browser's own BarcodeDetector where
 * it has one, else jsQR, loaded only when the camera is first opened there.
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

/** Reads one frame of the video: the QR code's text, or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

const browserReader = async (): Promise<FrameReader | null> => {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
};

/** The widest frame jsQR reads: enough for a card held near the camera, light on a phone. */
const FRAME_WIDTH = 640;

/**
 * jsQR reads the frame drawn on a canvas, on the page itself: no worker, so the app's content
 * security policy (scripts from its own origin only) holds.
 */
const jsQrReader = async (): Promise<FrameReader> => {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    if (!context || !video.videoWidth) return Promise.resolve(null);
    const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return Promise.resolve(jsQR(frame.data, frame.width, frame.height)?.data ?? null);
  };
};

/** How often a frame is read. */
const FRAME_MS = 200;

/** Starts the camera in `video` and reads QR codes until stopped; `onCode` gets each read. */
export const startScan = async (
  video: HTMLVideoElement,
  onCode: (text: string) => void,
): Promise<StopScan> => {
  if (!navigator.mediaDevices?.getUserMedia)
    throw Object.assign(new Error('no camera'), { name: 'NotFoundError' });
  const read = (await browserReader()) ?? (await jsQrReader());
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: 'environment' },
    audio: false,
  });
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.muted = true;
    video.playsInline = true;
    await video.play();
  } catch (error) {
    stop();
    throw error;
  }
  const tick = async () => {
    if (stopped) return;
    try {
      const text = await read(video);
      if (text && !stopped) onCode(text);
    } catch {
      /* a frame that could not be read: try the next */
    }
    if (!stopped) window.setTimeout(() => void tick(), FRAME_MS);
  };
  void tick();
  return stop;
};
