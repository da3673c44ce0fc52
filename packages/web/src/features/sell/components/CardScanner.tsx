import { Box, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { MessageBanner } from '../../../components/MessageBanner';
import { useI18n } from '../../../lib/i18n';

// Reading a QR code with the phone's camera (decision 0110): the browser's own BarcodeDetector where it reads QR codes
// (Chrome on Android, Safari 17+), else jsQR on the video's frames (a maintained pure-script decoder, loaded in its own
// chunk only when needed). Either answers the code's text; the sell screen decides whether it names a card.

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** A function that reads a frame of the video, answering the QR code's text or null. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

async function frameReader(): Promise<FrameReader> {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch(() => [] as string[])).includes('qr_code')) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const jsQR = (await import('jsqr')).default;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** How often a frame is read: enough to feel instant, little enough to leave the phone cool. */
const FRAME_MS = 150;

export function CardScanner({ onRead, onStop }: { onRead: (text: string) => void; onStop: () => void }) {
  const { t } = useI18n();
  const videoRef = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<'refused' | 'missing' | null>(null);
  const readRef = useRef(onRead);
  readRef.current = onRead;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setProblem('missing');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        return setProblem((error as DOMException).name === 'NotFoundError' ? 'missing' : 'refused');
      }
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      const video = videoRef.current!;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const read = await frameReader();
      const tick = async () => {
        if (stopped) return;
        const text = await read(video).catch(() => null);
        if (stopped) return;
        if (text) readRef.current(text);
        else timer = window.setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Stack gap="sm">
      {problem ? (
        <MessageBanner
          kind="warning"
          messages={t(problem === 'refused' ? 'sell.cameraRefused' : 'sell.cameraMissing')}
        />
      ) : (
        <>
          <Text>{t('sell.scanning')}</Text>
          <Box
            component="video"
            ref={videoRef}
            muted
            playsInline
            aria-label={t('sell.scanning')}
            w="100%"
            style={{ maxHeight: 320, objectFit: 'cover', borderRadius: 8, background: '#000' }}
          />
        </>
      )}
      <Button size="lg" variant="default" onClick={onStop}>
        {t('sell.stopScan')}
      </Button>
    </Stack>
  );
}
