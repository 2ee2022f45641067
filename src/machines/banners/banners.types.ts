export interface BannerInput {
  /** The service message's id: the key its open state is kept under. */
  messageId: number;
  /** The editors' choice for a visitor who has not opened or closed this banner yet. */
  isOpenedByDefault: boolean;
}

export interface BannerContext extends BannerInput {
  /** Whether a modal dialog is open on the page. */
  modalOpen: boolean;
  /** Whether the screen is a mobile one (max-width 1024px). */
  mobile: boolean;
}

export type BannerEvent =
  /** After hydration: the open state kept for this banner, or null when none is kept. */
  | { type: 'storage.read'; open: boolean | null }
  /** The visitor's close or open button. */
  | { type: 'banner.toggle' }
  | { type: 'modal.changed'; open: boolean }
  | { type: 'viewport.changed'; mobile: boolean };

/** Tags views select on. */
export type BannerTag = 'expanded' | 'hiddenByModal';
