import type { TargetedMessage } from '../../contract/content';

/** Test data: targeted messages as the BFF delivers them. */

type Attributes = TargetedMessage['attributes'];

/** A message that shows everywhere to everyone; tests narrow it. */
export function targetedMessage(id: number, attributes: Partial<Attributes> = {}): TargetedMessage {
  return {
    id,
    attributes: {
      priority: 0,
      trigger: 'onLoad',
      kind: 'popup',
      deviceType: 'all',
      memberType: 'all',
      memberAddressStatus: 'all',
      memberPreferencesStatus: 'all',
      memberNotificationsStatus: 'all',
      isCountdown: false,
      countdownDate: null,
      excludedPages: [],
      targets: { brands: [], hotels: [], urls: [] },
      header: `Message ${id}`,
      body: `<p>Body of message ${id}</p>`,
      ctaLabel: null,
      ctaLink: null,
      imageUrl: null,
      ...attributes,
    },
  };
}
