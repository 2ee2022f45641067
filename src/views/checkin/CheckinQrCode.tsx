import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { QR_MARGIN, qrPath } from '../ui/qr-path';

/**
 * The registration confirmation's QR code for the front desk (its payload names the confirmation code;
 * it grants nothing by itself). Its own chunk with the QR library, as the member card's: only a guest who
 * has checked in loads them. Drawn as crisp SVG from the payload; the BFF's image of the same code stands
 * in should drawing fail.
 */
export default function CheckinQrCode({ payload, code, fallbackImage }: { payload: string; code: string; fallbackImage: string }) {
  const { t } = useLingui();
  const drawn = useMemo(() => qrPath(payload), [payload]);
  const label = t`QR code of check-in confirmation ${code}`;
  if (!drawn) return <img className="checkin-qr" src={fallbackImage} alt={label} />;
  return (
    <svg
      className="checkin-qr"
      role="img"
      aria-label={label}
      viewBox={`${-QR_MARGIN} ${-QR_MARGIN} ${drawn.size + 2 * QR_MARGIN} ${drawn.size + 2 * QR_MARGIN}`}
      shapeRendering="crispEdges"
      data-modules={drawn.size}
    >
      <rect x={-QR_MARGIN} y={-QR_MARGIN} width={drawn.size + 2 * QR_MARGIN} height={drawn.size + 2 * QR_MARGIN} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </svg>
  );
}
