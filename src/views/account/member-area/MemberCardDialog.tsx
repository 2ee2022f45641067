import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { QR_MARGIN, qrPath } from '../../ui/qr-path';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import './member-card.css';

/**
 * The member card with the membership number as a QR code, for the hotel's reception to scan (spec
 * flag `member-area-qr`). Its own chunk with the QR library: only a member who opens it loads them.
 * The code is drawn in the browser from the number; nothing leaves the page.
 */
export default function MemberCardDialog({ open, number, name, level, onClose }: { open: boolean; number: string; name: string; level: string | null; onClose: () => void }) {
  const { t } = useLingui();
  const code = useMemo(() => qrPath(number), [number]);
  return (
    <ConfirmDialog
      open={open}
      title={t`My member card`}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t`Close`}
        </button>
      }
    >
      <div className="member-card">
        <p className="member-card__name">
          <bdi>{name}</bdi>
          {level ? <span className="member-card__level">{level}</span> : null}
        </p>
        {code ? (
          <svg
            className="member-card__qr"
            role="img"
            aria-label={t`QR code of membership number ${number}`}
            viewBox={`${-QR_MARGIN} ${-QR_MARGIN} ${code.size + 2 * QR_MARGIN} ${code.size + 2 * QR_MARGIN}`}
            shapeRendering="crispEdges"
            data-modules={code.size}
          >
            <rect x={-QR_MARGIN} y={-QR_MARGIN} width={code.size + 2 * QR_MARGIN} height={code.size + 2 * QR_MARGIN} fill="#fff" />
            <path d={code.path} fill="#000" />
          </svg>
        ) : (
          <p role="alert">{t`The code could not be drawn. Show the membership number instead.`}</p>
        )}
        <p>
          {t`Membership number`}: <strong className="member-card__number">{number}</strong>
        </p>
        <p className="card__meta">{t`Show this code at reception to collect your points and benefits.`}</p>
      </div>
    </ConfirmDialog>
  );
}
