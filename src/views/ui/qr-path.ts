import QRCode from 'qrcode';

/**
 * The dark modules of a QR code as one SVG path (one unit a module), and the code's size in modules; null
 * when the text cannot be encoded. Imported only by chunks loaded on use (the QR library is large).
 */
export function qrPath(text: string): { size: number; path: string } | null {
  try {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let path = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) path += `M${column} ${row}h1v1h-1z`;
      }
    }
    return { size: modules.size, path };
  } catch {
    return null;
  }
}

/** The quiet zone around a code, in modules, that scanners need. */
export const QR_MARGIN = 2;
