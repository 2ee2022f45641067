import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/**
 * The dialog holding one change's steps (email, name, birthday): the site's modal dialog without its own
 * buttons. Escape asks to close (`onClose`, which the machine decides on); each step focuses its own first
 * field or heading.
 */
export function ChangeDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  return (
    <ConfirmDialog open={open} title={title} onClose={onClose} initialFocus="content" size="wide">
      {children}
    </ConfirmDialog>
  );
}
