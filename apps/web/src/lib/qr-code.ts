import type * as QrCode from 'qrcode';

type QrEncoder = typeof QrCode;

let encoder: Promise<QrEncoder> | null = null;

/**
 * The `qrcode` package, fetched the first time a QR code is drawn (two-factor setup, the
 * projector's join code): it stays out of every page's first load.
 */
export function loadQrEncoder(): Promise<QrEncoder> {
  encoder ??= import('qrcode').then(
    // A CommonJS package: its functions may come as the module or as its default export.
    (module) => (module as QrEncoder & { default?: QrEncoder }).default ?? module,
  );
  encoder.catch(() => (encoder = null)); // a failed download may be tried again
  return encoder;
}
